// Signs out of this browser: the session cookie goes, permissions reset (SIGNED_OUT), and the sign-in page opens.
import { useNavigate } from 'react-router';
import { getBrowserSupabase } from '../../utils/supabase.browser';
import { LOGIN_PATH } from '../../utils/redirects';
import { usePopup } from '../popup/popup-provider';

export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const showPopup = usePopup();
  return async () => {
    // Local scope: other devices stay signed in; signing out everywhere is a separate, deliberate action.
    const { error } = await getBrowserSupabase().auth.signOut({ scope: 'local' });
    if (error) {
      showPopup({ type: 'error', message: error.message });
      return;
    }
    await navigate(LOGIN_PATH, { replace: true });
  };
}
