// The one catalogue of views: every sign-in sample (view-samples.ts, named in view-labels.ts) and every
// profile scene (profile-samples.ts), as the debug panel's "View" list and the view gallery show them.
import type { ProfileScene } from '../components/shared/preview-request';
import type { ViewState } from '../flow/view-state';
import { PROFILE_SCENES } from './profile-samples';
import { VIEW_LABELS } from './view-labels';
import { VIEW_SAMPLES } from './view-samples';

export type CatalogueEntry =
  | { id: string; label: string; element: 'sign-in'; view: ViewState }
  | { id: string; label: string; element: 'profile'; scene: ProfileScene };

export const VIEW_CATALOGUE: CatalogueEntry[] = [
  ...Object.entries(VIEW_SAMPLES).map(([id, view]) => ({
    id,
    label: VIEW_LABELS[id] ?? id,
    element: 'sign-in' as const,
    view,
  })),
  ...Object.entries(PROFILE_SCENES).map(([scene, label]) => ({
    id: `profile-${scene}`,
    label,
    element: 'profile' as const,
    scene: scene as ProfileScene,
  })),
];

/** The entries an element can show: the sign-in views for the sign-in elements, the scenes for the profile. */
export function entriesFor(tag: string): CatalogueEntry[] {
  const element = tag === 'passage-profile' ? 'profile' : 'sign-in';
  return VIEW_CATALOGUE.filter((entry) => entry.element === element);
}
