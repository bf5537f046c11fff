import {
  resolveThemeMode,
  systemPrefersDark,
  type ThemeMode,
  watchSystemDark,
} from '../../themes/customization';

/**
 * The theme an element shows: its `theme` attribute resolved against the system's dark preference,
 * which it follows live while connected.
 *
 * ```ts
 * private readonly systemTheme = new SystemTheme(() => forceUpdate(this));
 * connectedCallback() { this.systemTheme.watch(); }
 * disconnectedCallback() { this.systemTheme.stop(); }
 * render() { const mode = this.systemTheme.mode(this.theme); … }
 * ```
 */
export class SystemTheme {
  private dark = systemPrefersDark();
  private unwatch: (() => void) | undefined;

  /** `changed` runs when the system preference flips (re-render the element there). */
  constructor(private readonly changed: () => void) {}

  /** Starts following the system preference; a second call while watching does nothing. */
  watch(): void {
    if (this.unwatch) return;
    this.dark = systemPrefersDark();
    this.unwatch = watchSystemDark((dark) => {
      this.dark = dark;
      this.changed();
    });
  }

  stop(): void {
    this.unwatch?.();
    this.unwatch = undefined;
  }

  /** `light` / `dark` for a `theme` attribute value (`auto` follows the system). */
  mode(theme: string | null | undefined): ThemeMode {
    return resolveThemeMode(theme, this.dark);
  }
}
