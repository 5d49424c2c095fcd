// The one table of the design: a header row, one row per item, a horizontal scroll region of its own on narrow
// screens (focusable, so a keyboard can scroll it), and a sentence in place of an empty table.
import type { ReactNode } from 'react';

export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
}

interface Props<R> {
  columns: (Column<R> | false | null)[];
  rows: R[];
  rowKey: (row: R) => string;
  /** data-testid of the table; the empty sentence gets `${testId}-empty`, each row `rowTestId` */
  testId: string;
  rowTestId: string;
  empty: ReactNode;
}

export function DataTable<R>({ columns, rows, rowKey, testId, rowTestId, empty }: Props<R>) {
  if (!rows.length) {
    return (
      <p className="muted" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  const cols = columns.filter((c): c is Column<R> => Boolean(c));
  return (
    <div className="table-scroll" tabIndex={0}>
      <table className="libraries" data-testid={testId}>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} data-testid={rowTestId}>
              {cols.map((c) => (
                <td key={c.header}>{c.cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
