/**
 * The profile opens its dialogs with showModal(), which lifts them into the page's top layer: in the
 * gallery every open dialog would pile up in the middle of the window, over the other views, and make
 * the rest of the page inert. Inside the gallery they open in place instead (show(): the same dialog,
 * in its view's figure, without the backdrop); elsewhere on the page showModal() is untouched.
 */
export function openModalsInPlace(gallery: HTMLElement): void {
  const showModal = HTMLDialogElement.prototype.showModal;
  if ((showModal as { inPlace?: boolean }).inPlace) return;
  const inGallery = (dialog: HTMLDialogElement) => {
    const element = (dialog.getRootNode() as ShadowRoot).host;
    return element?.getRootNode() === gallery.shadowRoot;
  };
  const patched = function (this: HTMLDialogElement) {
    if (inGallery(this)) this.show();
    else showModal.call(this);
  };
  HTMLDialogElement.prototype.showModal = Object.assign(patched, { inPlace: true });
}
