// The header row of a table that stacks on phones (the kit's ui-table-stack), roles spelled out:
// display: block drops table semantics in some browsers. The same headings go on each cell as
// data-label.
export function ColumnHeads({ headings }: { headings: string[] }) {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {headings.map((heading) => (
          <th key={heading} scope="col" role="columnheader">
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
