// The hydrate app in a browser bundle (the `browser` condition of the package's `#hydrate` import):
// nothing. The components only import it when there is no window.
export {};
