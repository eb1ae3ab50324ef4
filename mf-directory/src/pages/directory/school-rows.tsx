import { ChevronRightIcon, Trans, useT } from '@district/ui';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { DirectoryUser } from '@district/contracts';
import type { GradeGroup } from './directory-index.util';
import { StudentCard } from './student-card';
import type { CardContext } from './school-section';

// Issue 14.5: an open school draws only the rows near the viewport (plus a few either side), so a
// school of 5,000 students costs what a screenful costs. Rows are grade headings and rows of cards,
// as many cards per row as the CSS grid of .dir-cards would place at this width.
const CARD_MIN_REM = 17;
const CARD_GAP_REM = 0.75;
const OVERSCAN_ROWS = 3;

type Row =
  | { kind: 'grade'; key: string; grade: GradeGroup; open: boolean; first: boolean }
  | { kind: 'cards'; key: string; users: DirectoryUser[] };

function buildRows(
  grades: readonly GradeGroup[],
  closed: ReadonlySet<number>,
  columns: number,
): Row[] {
  const rows: Row[] = [];
  grades.forEach((grade, i) => {
    const open = !closed.has(grade.grade);
    rows.push({ kind: 'grade', key: `g${grade.grade}`, grade, open, first: i === 0 });
    if (!open) return;
    for (let at = 0; at < grade.users.length; at += columns) {
      const users = grade.users.slice(at, at + columns);
      rows.push({ kind: 'cards', key: `g${grade.grade}-${users[0]?.ref}`, users });
    }
  });
  return rows;
}

function remPx(): number {
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

// Columns of `repeat(auto-fill, minmax(min(100%, 17rem), 1fr))` at this width.
function columnsFor(width: number, rem: number): number {
  const min = CARD_MIN_REM * rem;
  const gap = CARD_GAP_REM * rem;
  return Math.max(1, Math.floor((width + gap) / (min + gap)));
}

// Width of the list and its distance from the top of the document (the window virtualiser counts
// from there). Anything above moving (another school opening) resizes <body>, so one observer on it
// keeps the offset right.
function useLayoutOf(ref: RefObject<HTMLDivElement | null>): { width: number; top: number } {
  const [layout, setLayout] = useState({ width: 0, top: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const next = { width: rect.width, top: rect.top + window.scrollY };
      setLayout((prev) =>
        Math.abs(prev.width - next.width) < 0.5 && Math.abs(prev.top - next.top) < 0.5
          ? prev
          : next,
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return layout;
}

// Whether the list is on or near the screen. TanStack Virtual always draws its first rows, even for
// a list far below the viewport; with every school open that was ~16 cards per school for nothing.
const NEAR_PX = 600;
function useNearViewport(ref: RefObject<HTMLDivElement | null>): boolean {
  const [near, setNear] = useState(true);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const rect = element.getBoundingClientRect();
    setNear(rect.bottom >= -NEAR_PX && rect.top <= window.innerHeight + NEAR_PX);
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) setNear(last.isIntersecting);
      },
      { rootMargin: `${NEAR_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}

export function SchoolRows({
  school,
  grades,
  cards,
}: {
  school: string;
  grades: readonly GradeGroup[];
  cards: CardContext;
}) {
  const { t } = useT();
  // Grades start expanded (SPEC §2); this holds the ones closed by hand.
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => new Set());
  const containerRef = useRef<HTMLDivElement>(null);
  const { width, top } = useLayoutOf(containerRef);
  const near = useNearViewport(containerRef);
  const columns = width > 0 ? columnsFor(width, remPx()) : 1;
  const rows = useMemo(() => buildRows(grades, closed, columns), [grades, closed, columns]);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'grade' ? 52 : 124),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
  });

  const toggle = (grade: number) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (!next.delete(grade)) next.add(grade);
      return next;
    });

  return (
    <div
      ref={containerRef}
      className="dir-rows"
      style={{ height: virtualizer.getTotalSize(), ['--dir-columns' as string]: columns }}
    >
      {(near ? virtualizer.getVirtualItems() : []).map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="dir-row"
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {row.kind === 'grade' ? (
              <h3
                className={
                  row.first ? 'dir-grade__heading' : 'dir-grade__heading dir-grade__heading--next'
                }
              >
                <button
                  type="button"
                  className="dir-toggle dir-toggle--grade"
                  aria-expanded={row.open}
                  data-state={row.open ? 'open' : 'closed'}
                  onClick={() => toggle(row.grade.grade)}
                >
                  <ChevronRightIcon size="sm" className="dir-toggle__chevron" />
                  <span className="dir-toggle__label">
                    <Trans
                      id="directory.grade.heading"
                      values={{ grade: row.grade.grade, school }}
                      components={{ 0: <span className="ui-sr-only" /> }}
                    />
                  </span>
                  <span className="dir-toggle__count">
                    {t('directory.count.students', { count: row.grade.users.length })}
                  </span>
                </button>
              </h3>
            ) : (
              <ul className="dir-cards dir-cards--row">
                {row.users.map((user) => (
                  <StudentCard
                    key={user.ref}
                    user={user}
                    isMe={user.ref === cards.meRef}
                    adminControls={cards.isAdmin && user.ref !== cards.meRef}
                  />
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}
