// The panel's place on screen and its collapsed state: remembered in localStorage, dragged by pointer
// or moved by arrow keys on its handle, kept inside the viewport, and first put in a corner that leaves
// the previewed element uncovered (collapsed when no corner does, as on a 390 px phone).
import { clampPosition, freeCorner, moveByKey, parsePosition, type Point, type Rect } from './position';

const STORAGE_KEY = 'open-passage:debug-panel';

interface Stored extends Point {
  collapsed?: boolean;
}

function read(): Partial<Stored> {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const point = parsePosition(raw);
    const collapsed = (JSON.parse(raw ?? '{}') as Stored).collapsed;
    return { ...point, ...(typeof collapsed === 'boolean' ? { collapsed } : {}) };
  } catch {
    return {};
  }
}

export class Placement {
  /** Where the user put the panel; null until they move it (then it follows the free corner). */
  private point: Point | null;
  collapsed: boolean;
  /** Until the user collapses or expands it, the panel collapses itself when no corner is free. */
  private userToggled = false;

  constructor(
    private readonly box: HTMLElement,
    private readonly avoid: () => Rect[],
    private readonly onCollapse: (collapsed: boolean) => void,
  ) {
    const stored = read();
    this.point = stored.x === undefined || stored.y === undefined ? null : { x: stored.x, y: stored.y };
    this.collapsed = stored.collapsed ?? window.innerWidth < 600;
    this.userToggled = stored.collapsed !== undefined;
  }

  private viewport() {
    return { width: document.documentElement.clientWidth || innerWidth, height: innerHeight };
  }

  private size() {
    const { width, height } = this.box.getBoundingClientRect();
    return { width, height };
  }

  /** Puts the panel where it belongs now (after a resize, a collapse, the target's own resize). */
  place(): void {
    const viewport = this.viewport();
    if (this.point) return this.show(clampPosition(this.point, this.size(), viewport));
    let corner = freeCorner(this.size(), viewport, this.avoid());
    if (!corner && !this.collapsed && !this.userToggled) {
      this.setCollapsed(true, false);
      corner = freeCorner(this.size(), viewport, this.avoid());
    }
    this.show(corner ?? clampPosition({ x: viewport.width, y: viewport.height }, this.size(), viewport));
  }

  /** Collapses or expands; `byUser` (the toggle button) remembers it and stops the self-collapse. */
  setCollapsed(collapsed: boolean, byUser = true): void {
    this.userToggled ||= byUser;
    this.collapsed = collapsed;
    this.onCollapse(collapsed);
    if (byUser) this.save();
    this.place();
  }

  /** Arrow keys on the handle; true when the key moved the panel. */
  key(event: KeyboardEvent): boolean {
    const moved = moveByKey(this.current(), event.key, event.shiftKey);
    if (!moved) return false;
    this.moveTo(moved);
    return true;
  }

  /** Follows the pointer from a pointerdown on the handle until it is released. */
  drag(down: PointerEvent, handle: HTMLElement): void {
    if (down.button !== 0) return;
    const start = this.current();
    handle.setPointerCapture(down.pointerId);
    const move = (event: PointerEvent) =>
      this.moveTo({ x: start.x + event.clientX - down.clientX, y: start.y + event.clientY - down.clientY });
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  }

  private current(): Point {
    const { left, top } = this.box.getBoundingClientRect();
    return { x: left, y: top };
  }

  private moveTo(point: Point): void {
    this.point = clampPosition(point, this.size(), this.viewport());
    this.show(this.point);
    this.save();
  }

  private show({ x, y }: Point): void {
    // CSSOM properties: no style attribute a strict CSP would refuse.
    this.box.style.left = `${Math.round(x)}px`;
    this.box.style.top = `${Math.round(y)}px`;
  }

  private save(): void {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...this.point, collapsed: this.collapsed }));
    } catch {
      // Storage refused (private mode, quota): the panel only forgets its place.
    }
  }
}
