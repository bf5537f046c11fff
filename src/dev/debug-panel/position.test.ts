import { describe, expect, it } from 'vitest';
import { clampPosition, freeCorner, moveByKey, parsePosition } from './position';

const viewport = { width: 390, height: 800 };
const panel = { width: 300, height: 200 };

describe('panel position', () => {
  it('keeps the panel inside the viewport', () => {
    expect(clampPosition({ x: 200, y: 700 }, panel, viewport)).toEqual({ x: 90, y: 600 });
    expect(clampPosition({ x: -50, y: -5 }, panel, viewport)).toEqual({ x: 0, y: 0 });
    expect(clampPosition({ x: 40, y: 50 }, panel, viewport)).toEqual({ x: 40, y: 50 });
  });

  it('keeps the top-left corner (the handle) visible when the panel is larger than the viewport', () => {
    expect(clampPosition({ x: 100, y: 100 }, { width: 500, height: 900 }, viewport)).toEqual({ x: 0, y: 0 });
  });

  it('moves by 10 px per arrow key, 50 px with Shift, and ignores other keys', () => {
    expect(moveByKey({ x: 100, y: 100 }, 'ArrowLeft', false)).toEqual({ x: 90, y: 100 });
    expect(moveByKey({ x: 100, y: 100 }, 'ArrowDown', true)).toEqual({ x: 100, y: 150 });
    expect(moveByKey({ x: 100, y: 100 }, 'Enter', false)).toBeNull();
  });

  it('reads only a stored point', () => {
    expect(parsePosition('{"x":12,"y":34}')).toEqual({ x: 12, y: 34 });
    expect(parsePosition('{"x":"12","y":34}')).toBeNull();
    expect(parsePosition('not json')).toBeNull();
    expect(parsePosition('null')).toBeNull();
    expect(parsePosition(null)).toBeNull();
  });

  it('picks the first corner that covers none of the rectangles to avoid', () => {
    expect(freeCorner(panel, viewport, [])).toEqual({ x: 82, y: 592 });
    const lowerHalf = { x: 0, y: 400, width: 390, height: 400 };
    expect(freeCorner(panel, viewport, [lowerHalf])).toEqual({ x: 82, y: 8 });
    expect(freeCorner(panel, viewport, [{ x: 0, y: 0, width: 390, height: 800 }])).toBeNull();
  });
});
