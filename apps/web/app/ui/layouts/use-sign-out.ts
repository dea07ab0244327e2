// Signs out: the session cookie goes, permissions reset (SIGNED_OUT), and the sign-in page opens. By default only
// this browser; 'global' ends every session of the account, on every device.
import { useNavigate } from 'react-router';
import { loadBrowserSupabase } from '../../session/supabase.lazy';
import { LOGIN_PATH } from '../../lib/redirects';
import { usePopup } from '../popup-provider';

export function useSignOut(scope: 'local' | 'global' = 'local'): () => Promise<void> {
  const navigate = useNavigate();
  const showPopup = usePopup();
  return async () => {
    const { error } = await (await loadBrowserSupabase()).auth.signOut({ scope });
    if (error) {
      showPopup({ type: 'error', message: error.message });
      return;
    }
    if (scope === 'global') {
      showPopup({ type: 'success', message: 'You were signed out on every device.' });
    }
    await navigate(LOGIN_PATH, { replace: true });
  };
}
