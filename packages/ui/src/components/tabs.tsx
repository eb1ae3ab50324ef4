import * as TabsPrimitive from '@radix-ui/react-tabs';
import { useCallback, useState, type ComponentProps, type Ref } from 'react';
import { cn } from '../lib/cn';

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn('ui-tabs', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn('ui-tabs__list', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={cn('ui-tabs__trigger', className)} {...props} />;
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

// Radix makes every tab panel a tab stop. The WAI-ARIA tabs pattern wants that only for a panel
// with nothing focusable in it (so its text can be reached); a panel holding a form or buttons
// would be a stray stop before its first control (issue 14.7). The panel's content arrives
// later (lazy chunks, data), hence the observer.
export function TabsContent({
  className,
  ref,
  ...props
}: ComponentProps<typeof TabsPrimitive.Content>) {
  const [holdsControls, setHoldsControls] = useState(false);
  const observe = useCallback(
    (panel: HTMLDivElement | null) => {
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
      return () => {
        observer.disconnect();
        assignRef(ref, null);
      };
    },
    [ref],
  );
  return (
    <TabsPrimitive.Content
      className={cn('ui-tabs__content', className)}
      tabIndex={holdsControls ? -1 : 0}
      {...props}
      ref={observe}
    />
  );
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
