import * as RadixToast from '@radix-ui/react-toast';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToasts } from './toasts';
import './toast.css';

/** One toast at a time, 5 s, swipe right to dismiss, F8 moves focus to the viewport. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Notification">
      {toasts.map((t) => (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={`toast toast--${t.variant ?? 'default'}`}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <div className="toast__body">
            <RadixToast.Title className="toast__title">{t.title}</RadixToast.Title>
            {t.description && <RadixToast.Description className="toast__description">{t.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close className="toast__close" aria-label="Close">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.5" fill="none" />
            </svg>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" hotkey={['F8']} label="Notifications ({hotkey})" />
    </RadixToast.Provider>
  );
}
