import { StackTable } from '@district/ui';
import type { ReactNode } from 'react';

export interface FiguresRow {
  key: string;
  cells: ReactNode[];
}

// A table of figures (the admins' reports, the students behind goal per school). Where its box
// is narrow (a phone, or large text) each row stacks into "heading  value" lines: the kit's
// ui-table-stack, with each cell's column heading in data-label and the roles spelled out.
// With `rowHeaders` the first cell of each row is the row's header (a school name).
export function FiguresTable({
  caption,
  headings,
  rows,
  rowHeaders = false,
}: {
  caption?: string;
  headings: string[];
  rows: FiguresRow[];
  rowHeaders?: boolean;
}) {
  return (
    <StackTable className="hours-table" caption={caption} headings={headings}>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={row.key} role="row">
            {row.cells.map((cell, index) =>
              rowHeaders && index === 0 ? (
                <th key={index} scope="row" role="rowheader" data-label={headings[index]}>
                  {cell}
                </th>
              ) : (
                <td key={index} role="cell" data-label={headings[index]}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </StackTable>
  );
}
