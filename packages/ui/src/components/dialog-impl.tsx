import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cn } from '../lib/cn';
import { CloseIcon } from '../lib/icons';
import { useReturnFocus } from '../lib/return-focus';
import { closeOnHandedOverEscape } from '../lib/escape-handover';
import { buttonClassName } from './button';
import type { DialogProps } from './dialog';
import { useKitTexts } from './use-kit-texts';

export function DialogImpl({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  closeLabel,
  className,
}: DialogProps) {
  const returnFocus = useReturnFocus();
  const kit = useKitTexts();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="ui-dialog__overlay" />
        <DialogPrimitive.Content
          className={cn('ui-dialog__content', className)}
          {...returnFocus}
          onKeyDown={(event) => closeOnHandedOverEscape(event, () => onOpenChange(false))}
          // Without a description Radix would warn; say explicitly there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ui-dialog__header">
            <DialogPrimitive.Title className="ui-dialog__title">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="ui-dialog__description">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          {children}
          {footer ? <div className="ui-dialog__footer">{footer}</div> : null}
          <DialogPrimitive.Close
            className={buttonClassName({
              variant: 'ghost',
              size: 'icon',
              className: 'ui-dialog__close',
            })}
            aria-label={closeLabel ?? kit.close}
          >
            <CloseIcon />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
