/** Share a page: the Web Share API where the browser has it, else copy the link and say so. */
import { toast } from '../features/toast/toasts';

export async function sharePage(title: string, url: string): Promise<'shared' | 'copied' | 'failed' | 'cancelled'> {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  if (nav && typeof nav.share === 'function') {
    try {
      await nav.share({ title, text: `${title}, from Facet Fine Jewelry`, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Fall through to copying the link.
    }
  }
  try {
    await nav?.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'The link to this piece is on your clipboard.' });
    return 'copied';
  } catch {
    toast({ title: 'Share this piece', description: url });
    return 'failed';
  }
}
