import { configure } from '@testing-library/react';

// jsdom lacks ResizeObserver (react-image-gallery measures its slides with it); nothing resizes in jsdom.
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// findBy… and waitFor give up after 1 s by default; on a loaded two-core CI machine a render can take
// longer, and a test would fail for the machine's sake, not the code's.
configure({ asyncUtilTimeout: 10_000 });
