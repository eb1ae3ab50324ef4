import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { buttonClassName } from './button';
import { useKitTexts } from './use-kit-texts';
import type { AlertDialogProps } from './alert-dialog';
import { useReturnFocus } from '../lib/return-focus';
import { closeOnHandedOverEscape } from '../lib/escape-handover';

export function AlertDialogImpl({
  open,
  onOpenChange,
  title,
  description,
  children,
  cancelLabel,
  actionLabel,
  onAction,
  destructive = false,
  actionDisabled = false,
}: AlertDialogProps) {
  const returnFocus = useReturnFocus();
  const kit = useKitTexts();
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="ui-dialog__overlay" />
        <AlertDialogPrimitive.Content
          className="ui-dialog__content"
          {...returnFocus}
          onKeyDown={(event) => closeOnHandedOverEscape(event, () => onOpenChange(false))}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ui-dialog__header">
            <AlertDialogPrimitive.Title className="ui-dialog__title">
              {title}
            </AlertDialogPrimitive.Title>
            {description ? (
              <AlertDialogPrimitive.Description className="ui-dialog__description">
                {description}
              </AlertDialogPrimitive.Description>
            ) : null}
          </div>
          {children}
          <div className="ui-dialog__footer">
            <AlertDialogPrimitive.Cancel className={buttonClassName({ variant: 'outline' })}>
              {cancelLabel ?? kit.cancel}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={buttonClassName({ variant: destructive ? 'destructive' : 'default' })}
              disabled={actionDisabled}
              onClick={onAction}
            >
              {actionLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
