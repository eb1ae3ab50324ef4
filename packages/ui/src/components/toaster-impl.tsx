import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '@district/contracts';
import { cn } from '../lib/cn';
import { CloseIcon } from '../lib/icons';
import { usePlatformStore, useToasts } from '../store/platform-store';
import { buttonClassName } from './button';
import { keepToastUnlessFocused } from '../lib/escape-handover';
import { useKitTexts } from './use-kit-texts';

const HOTKEY = [...TOAST_HOTKEY];

export function ToasterImpl() {
  const toasts = useToasts();
  const dismissToast = usePlatformStore((s) => s.dismissToast);
  const kit = useKitTexts();

  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={kit.notification}
    >
      {toasts.map(({ id, open, title, description, variant = 'default', action, duration }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          onEscapeKeyDown={keepToastUnlessFocused}
          // Errors interrupt the screen reader; everything else waits its turn.
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cn('ui-toast', `ui-toast--${variant}`)}
          data-variant={variant}
        >
          <div className="ui-toast__body">
            {title ? (
              <ToastPrimitive.Title className="ui-toast__title">{title}</ToastPrimitive.Title>
            ) : null}
            {description ? (
              <ToastPrimitive.Description className="ui-toast__description">
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {action ? (
            <ToastPrimitive.Action
              altText={action.altText ?? action.label}
              className={buttonClassName({
                variant: 'outline',
                size: 'sm',
                className: 'ui-toast__action',
              })}
              onClick={action.onClick}
            >
              {action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label={kit.close}
            className={buttonClassName({
              variant: 'ghost',
              size: 'icon',
              className: 'ui-toast__close',
            })}
          >
            <CloseIcon />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={HOTKEY}
        label={kit.notificationsRegion}
        className="ui-toast__viewport"
      />
    </ToastPrimitive.Provider>
  );
}
