/** Headless Chromium with no connection of its own to anywhere (the machine's network is closed). */
export declare const CHROMIUM_FLAGS: string[];
/** Debian's Chromium, or CHROMIUM_PATH. */
export declare function chromiumPath(): string;
