/** Stencil's global script: runs once, before the elements are defined. */
import { checkRegistry } from './registration';

export default function (): void {
  checkRegistry();
}
