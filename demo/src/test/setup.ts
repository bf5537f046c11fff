// jsdom lacks ResizeObserver (react-image-gallery measures its slides with it); nothing resizes in jsdom.
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
