// Where the panel sits: kept inside the viewport, moved by arrow keys, remembered in localStorage, and
// first placed in a corner that leaves the previewed element's controls uncovered. Pure functions.

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
export interface Rect extends Point, Size {}

/** The viewport margin the panel keeps, in CSS pixels. */
export const MARGIN = 8;

/** The top-left corner that keeps a box of `size` inside the viewport (its top-left corner first
 * when the box is larger than the viewport, so its handle stays reachable). */
export function clampPosition(point: Point, size: Size, viewport: Size): Point {
  const clamp = (value: number, box: number, room: number) => Math.max(0, Math.min(value, room - box));
  return { x: clamp(point.x, size.width, viewport.width), y: clamp(point.y, size.height, viewport.height) };
}

const STEPS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The point an arrow key moves to (10 px, 50 px with Shift); null for any other key. */
export function moveByKey(point: Point, key: string, large: boolean): Point | null {
  const step = STEPS[key];
  if (!step) return null;
  const distance = large ? 50 : 10;
  return { x: point.x + step.x * distance, y: point.y + step.y * distance };
}

/** A stored position, or null when there is none or it is not one. */
export function parsePosition(stored: string | null): Point | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    const { x, y } = (value ?? {}) as Partial<Point>;
    return Number.isFinite(x) && Number.isFinite(y) ? { x: x!, y: y! } : null;
  } catch {
    return null;
  }
}

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The first corner (bottom right, bottom left, top right, top left) where a box of `size` covers none
 * of `avoid`; null when every corner covers something.
 */
export function freeCorner(size: Size, viewport: Size, avoid: readonly Rect[]): Point | null {
  const right = viewport.width - size.width - MARGIN;
  const bottom = viewport.height - size.height - MARGIN;
  const corners: Point[] = [
    { x: right, y: bottom },
    { x: MARGIN, y: bottom },
    { x: right, y: MARGIN },
    { x: MARGIN, y: MARGIN },
  ];
  return (
    corners
      .map((corner) => clampPosition(corner, size, viewport))
      .find((corner) => !avoid.some((rect) => overlaps({ ...corner, ...size }, rect))) ?? null
  );
}
