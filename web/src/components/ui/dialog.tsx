import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ComponentProps, useState } from 'react';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

// The control that opened each open dialog, so one opened from inside another (Edit in a details
// dialog) can hand focus back to the first dialog's opener when its own is gone.
const openers = new WeakMap<Element, HTMLElement>();

/**
 * Our dialogs are mounted while open and have no Radix Trigger, so Radix has nothing to return focus
 * to and it falls to <body>. Focus goes back to the control that opened the dialog, else the one that
 * opened the dialog it came from, else the page's main area.
 */
function useReturnFocus() {
  const [opener] = useState(() => {
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const outer = active?.closest('[role="dialog"]');
    return { active, fallback: outer ? openers.get(outer) : undefined };
  });
  const ref = (node: HTMLElement | null) => {
    if (node && opener.active) openers.set(node, opener.active);
  };
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    const target = [opener.active, opener.fallback].find((el) => el?.isConnected);
    if (target) return target.focus();
    const main = document.querySelector('main');
    if (!main) return;
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  };
  return { ref, onCloseAutoFocus };
}

/**
 * Radix hears Escape on the document before the field does, so a field's stopPropagation cannot keep
 * it from closing the dialog. A combobox whose list is open keeps Escape: it closes that list only,
 * and what was typed in the dialog stays.
 */
const escapeBelongsToOpenList = (event: KeyboardEvent) =>
  event.target instanceof Element && event.target.matches('[role="combobox"][aria-expanded="true"]');

export function DialogContent({
  className,
  children,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-lg',
          className,
        )}
        {...props}
        ref={returnFocus.ref}
        onEscapeKeyDown={(event) => {
          if (escapeBelongsToOpenList(event)) return event.preventDefault();
          onEscapeKeyDown?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) returnFocus.onCloseAutoFocus(event);
        }}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-4 right-4 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label="Close"
        >
          <X className="size-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
