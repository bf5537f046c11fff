/**
 * Resolves once the element comes within `margin` of the viewport, or the visitor focuses or touches it —
 * whichever is first. Used to fetch below-the-fold code only when it is about to be needed.
 */
export function whenNear(elementId: string, margin = '400px'): Promise<void> {
  return new Promise((resolve) => {
    const element = document.getElementById(elementId);
    if (!element || typeof IntersectionObserver !== 'function') return resolve();
    const done = () => {
      observer.disconnect();
      element.removeEventListener('focusin', done);
      element.removeEventListener('pointerdown', done);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: margin,
    });
    observer.observe(element);
    element.addEventListener('focusin', done);
    element.addEventListener('pointerdown', done);
  });
}
