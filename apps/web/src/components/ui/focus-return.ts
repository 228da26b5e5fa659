/**
 * Where the focus goes when a dialog closes (modal-dialog.tsx): back to what opened it. When
 * that is gone with its table row (a delete), to the control in the same place of the row that
 * took the row's place, or of the row before when the last row went; when no row is left, to
 * the element that names the table (its heading); else to the main content, the skip link's
 * target. Never the page's body, from where the next Tab starts over at the top of the page.
 */

const CONTROLS =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Where a control sat in a table body, enough to find the one that stands in for it. */
export interface PlaceInTable {
  body: HTMLTableSectionElement;
  /** Its row, counting only the rows with a control in this cell (not the "Loading…" row). */
  row: number;
  cell: number;
  /** Its order among the cell's controls (Edit, Delete). */
  control: number;
}

/** What had the focus as the dialog opened, and its place in a table if it sat in one. */
export interface Opener {
  control: HTMLElement | null;
  place: PlaceInTable | null;
}

const controlsIn = (cell: Element | undefined) =>
  cell ? Array.from(cell.querySelectorAll<HTMLElement>(CONTROLS)) : [];

const rowsWithControls = (body: HTMLTableSectionElement, cell: number) =>
  Array.from(body.rows).filter((row) => controlsIn(row.cells[cell]).length > 0);

/** What has the focus as a dialog opens, if anything does, and where it sits. */
export function noteOpener(): Opener {
  const active = document.activeElement;
  const control = active instanceof HTMLElement && active !== document.body ? active : null;
  const cell = control?.closest('td');
  const row = cell?.parentElement;
  const body = row?.parentElement;
  if (
    !control ||
    !cell ||
    !(row instanceof HTMLTableRowElement) ||
    !(body instanceof HTMLTableSectionElement)
  )
    return { control, place: null };
  const place = {
    body,
    row: rowsWithControls(body, cell.cellIndex).indexOf(row),
    cell: cell.cellIndex,
    control: controlsIn(cell).indexOf(control),
  };
  return { control, place };
}

/** The control now in the opener's place: its row's successor's, or the last row's. */
function standIn({ body, row, cell, control }: PlaceInTable): HTMLElement | undefined {
  if (!body.isConnected) return undefined;
  const rows = rowsWithControls(body, cell);
  const controls = controlsIn(rows[Math.min(row, rows.length - 1)]?.cells[cell]);
  return controls[Math.min(control, controls.length - 1)];
}

/** The element whose text names the table, if it is still on the page. */
function tableName(body: HTMLTableSectionElement): HTMLElement | null {
  const id = body.closest('table')?.getAttribute('aria-labelledby')?.split(' ')[0];
  return body.isConnected && id ? document.getElementById(id) : null;
}

export function returnFocus({ control, place }: Opener) {
  const candidates = [
    control,
    place && standIn(place),
    place && tableName(place.body),
    document.getElementById('main-content'),
  ];
  for (const candidate of candidates) {
    candidate?.focus();
    if (candidate && document.activeElement === candidate) return;
  }
}
