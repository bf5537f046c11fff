import type { AppInfo, LayoutItem, MetadataField } from '../../client/app-info';

/** A metadata field placed on the profile grid (6 columns). */
export interface PlacedField {
  field: MetadataField;
  /** CSS grid lines, 1-based. */
  column: number;
  row: number;
  width: number;
  height: number;
}

const GRID_COLUMNS = 6;

function clampToGrid(item: LayoutItem): Pick<PlacedField, 'column' | 'row' | 'width' | 'height'> {
  const width = Math.min(Math.max(1, item.w), GRID_COLUMNS);
  const column = Math.min(Math.max(0, item.x), GRID_COLUMNS - width) + 1;
  return { column, row: Math.max(0, item.y) + 1, width, height: Math.max(1, item.h) };
}

/**
 * The fields shown on the profile: the schema entries marked `profile`, placed by the profile layout
 * (matched by id). Fields without a layout item follow on rows of their own, full width.
 */
export function profileFields(app: Pick<AppInfo, 'user_metadata_schema' | 'layouts'>): PlacedField[] {
  const layout = new Map(app.layouts.profile.map((item) => [item.id, item]));
  const fields = app.user_metadata_schema.filter((field) => field.profile);
  const placed: PlacedField[] = [];
  let nextRow = 1 + Math.max(0, ...app.layouts.profile.map((item) => item.y + item.h));
  for (const field of fields) {
    const item = layout.get(field.id);
    if (item) placed.push({ field, ...clampToGrid(item) });
    else placed.push({ field, column: 1, row: nextRow++, width: GRID_COLUMNS, height: 1 });
  }
  return placed.sort((a, b) => a.row - b.row || a.column - b.column);
}
