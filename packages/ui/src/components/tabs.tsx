import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
  type Ref,
} from 'react';
import { cn } from '../lib/cn';

// The WAI-ARIA tabs pattern (APG "Tabs with automatic activation"): one tab stop on the selected
// tab, arrow keys, Home and End move and select, the panel names its tab. Written here rather than
// taken from Radix Tabs: its roving-focus and collection machinery cost 7.8 KB gzip on the
// sign-in screen, which the first-load budget (120 KB) could no longer hold once the platform
// spoke two languages (issue 22, docs/decisions.md "Tabs without Radix"). The markup and
// data-state attributes are Radix's, so styles and tests stay as they were.

interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  idFor: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be used within <Tabs>`);
  return state;
}

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

function TabsRoot({ value, defaultValue, onValueChange, className, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const base = useId();
  const select = useCallback(
    (next: string) => {
      if (next === current) return;
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    [current, value, onValueChange],
  );
  const idFor = useCallback(
    (part: 'tab' | 'panel', v: string) => `${base}-${part}-${v.replace(/\s+/g, '-')}`,
    [base],
  );
  return (
    <TabsContext.Provider value={{ value: current, select, idFor }}>
      <div data-orientation="horizontal" className={cn('ui-tabs', className)} {...props} />
    </TabsContext.Provider>
  );
}

const enabledTabs = (list: HTMLElement) =>
  [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]')].filter((tab) => !tab.disabled);

function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const tabs = enabledTabs(event.currentTarget);
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0 || tabs.length === 0) return;
    const target = {
      ArrowRight: tabs[(at + 1) % tabs.length],
      ArrowLeft: tabs[(at - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    // Focus selects (automatic activation), as Radix does.
    target.focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn('ui-tabs__list', className)}
      onKeyDown={move}
      {...props}
    />
  );
}

// A bar wider than its box scrolls sideways (styles.css, issue 33): bring a selected tab that is
// (partly) out of sight into view, by scrolling the bar alone, never the page.
function revealTab(tab: HTMLElement): void {
  const list = tab.parentElement;
  if (!list || list.scrollWidth <= list.clientWidth) return;
  const start = tab.offsetLeft;
  const end = start + tab.offsetWidth;
  if (start < list.scrollLeft) list.scrollLeft = start;
  else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
}

interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

function TabsTrigger({
  value,
  className,
  disabled,
  onMouseDown,
  onClick,
  onFocus,
  ref,
  ...props
}: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  const self = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (selected && self.current) revealTab(self.current);
  }, [selected]);
  return (
    <button
      ref={(tab) => {
        self.current = tab;
        assignRef(ref, tab);
      }}
      type="button"
      role="tab"
      id={tabs.idFor('tab', value)}
      aria-controls={tabs.idFor('panel', value)}
      aria-selected={selected}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      tabIndex={selected ? 0 : -1}
      className={cn('ui-tabs__trigger', className)}
      // A press selects at once (mouse down, like Radix); keyboard focus selects too.
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        if (!disabled && event.button === 0 && !event.ctrlKey && !event.defaultPrevented)
          tabs.select(value);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!disabled && !event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled && !event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

interface TabsContentProps extends Omit<ComponentProps<'div'>, 'value'> {
  value: string;
  // Keep an inactive panel mounted (hidden) instead of unmounting it.
  forceMount?: boolean;
}

// A panel is a tab stop only when nothing in it is focusable (so its text can be reached); a panel
// holding a form or buttons would be a stray stop before its first control (issue 14.7). The
// panel's content arrives later (lazy chunks, data), hence the observer.
function TabsContent({ value, forceMount, className, ref, ...props }: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  const selected = tabs.value === value;
  const [holdsControls, setHoldsControls] = useState(false);
  const cleanup = useRef<(() => void) | null>(null);
  const observe = useCallback(
    (panel: HTMLDivElement | null) => {
      cleanup.current?.();
      cleanup.current = null;
      assignRef(ref, panel);
      if (!panel) return;
      const check = () => setHoldsControls(panel.querySelector(FOCUSABLE) !== null);
      check();
      const observer = new MutationObserver(check);
      observer.observe(panel, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['tabindex', 'href'],
      });
      cleanup.current = () => observer.disconnect();
    },
    [ref],
  );
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idFor('panel', value)}
      aria-labelledby={tabs.idFor('tab', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!selected}
      tabIndex={holdsControls ? -1 : 0}
      className={cn('ui-tabs__content', className)}
      {...props}
      ref={observe}
    />
  );
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

// One import for the compound: <Tabs>, <Tabs.List>, <Tabs.Trigger>, <Tabs.Content> (the parts only
// work inside their Tabs).
export const Tabs = Object.assign(TabsRoot, {
  List: TabsList,
  Trigger: TabsTrigger,
  Content: TabsContent,
});
