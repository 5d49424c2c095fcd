// The one table of the design: a header row, one row per item, a horizontal scroll region of its own on narrow
// screens (focusable, so a keyboard can scroll it), and a sentence in place of an empty table. Columns with a
// sortKey get a header button that sorts (aria-sort tells a screen reader the order).
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './DataTable.module.css';

export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  sortKey?: string;
  className?: string;
}

export interface SortState {
  key: string;
  dir: 'asc' | 'desc';
}

interface Props<R> {
  columns: (Column<R> | false | null)[];
  rows: R[];
  rowKey: (row: R) => string;
  /** data-testid of the table; the empty sentence gets `${testId}-empty`, each row `rowTestId` */
  testId: string;
  rowTestId: string;
  empty: ReactNode;
  sort?: SortState;
  onSort?: (key: string) => void;
  caption?: string;
  /** the scroll region's accessible name (it is focusable) */
  label?: string;
}

export function DataTable<R>({ columns, rows, rowKey, testId, rowTestId, empty, sort, onSort, caption, label }: Props<R>) {
  if (!rows.length) {
    return (
      <p className="muted" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  const cols = columns.filter((c): c is Column<R> => Boolean(c));
  return (
    <div className={`table-scroll ${styles.scroll}`} tabIndex={0} role="region" aria-label={label ?? caption ?? testId}>
      <table className={`libraries ${styles.table}`} data-testid={testId}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr>
            {cols.map((c) => {
              const active = sort && c.sortKey === sort.key;
              return (
                <th key={c.header} scope="col" className={c.className} aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {c.sortKey && onSort ? (
                    <button type="button" className={styles.sort} onClick={() => onSort(c.sortKey!)}>
                      {c.header}
                      {active ? sort.dir === 'asc' ? <ArrowUp aria-hidden size={14} /> : <ArrowDown aria-hidden size={14} /> : <ArrowUpDown aria-hidden size={14} className={styles.idle} />}
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} data-testid={rowTestId}>
              {cols.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
