import { AlertDialog, Button, type ButtonProps } from '@district/ui';
import { useState, type ReactNode } from 'react';

// A button whose action asks first in an alert dialog: Delete, Archive and Withdraw (issue 33.11).
export function ConfirmButton({
  children,
  title,
  description,
  actionLabel,
  destructive,
  onConfirm,
  ...button
}: Omit<ButtonProps, 'onClick' | 'title'> & {
  title: ReactNode;
  description: ReactNode;
  actionLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        actionLabel={actionLabel}
        destructive={destructive}
        onAction={onConfirm}
      />
    </>
  );
}
