// 'คัดลอกลิงก์' (issue 11): the page's URL with its current state, without QA switches, to the
// clipboard; a Thai toast says whether it worked.
import { th } from '../../locale/th.ts';
import { toast } from '../../state/toast.ts';
import { flushUrlState } from './UrlStateSync.tsx';

/** The shareable link: the page's address with `search`, without the QA switch. */
export function shareableUrl(href: string, search: string): string {
  const url = new URL(href);
  const params = search.replace(/^\?/, '').split('&').filter((p) => p !== '' && !/^qa=/.test(p));
  url.search = params.length > 0 ? `?${params.join('&')}` : '';
  url.hash = '';
  return url.toString();
}

export async function copyLink(): Promise<void> {
  const search = flushUrlState();
  try {
    await navigator.clipboard.writeText(shareableUrl(window.location.href, search));
    toast.success(th.urlState.copied);
  } catch (error) {
    console.warn('copy link failed', error);
    toast.error(th.urlState.copyFailed);
  }
}
