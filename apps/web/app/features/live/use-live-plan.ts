// Open pages follow the plan as others change it, and show who else is looking. The database broadcasts
// `plan_changed` on the private Realtime topic `plan` for each change (supabase/migrations/*_live_plan.sql); a page
// then loads what it shows again, once per burst of changes. Each page also tells the topic (presence) who is on it
// and what they are editing, within Realtime's allowance of presence updates (presence-budget.ts). The browser holds
// the socket; the server never does.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAuth } from '../../session/auth-provider';
import { displayName } from '../../session/session-user';
import { loadBrowserSupabase } from '../../session/supabase.lazy';
import { presenceBudget, type PresenceBudget } from './presence-budget';
import { othersHere, sameViewers, type Here, type Viewer } from './viewers-of';

/** Changes arriving this close together are loaded once. */
const SETTLE_MS = 250;

interface Options {
  /** Which page the person is on, so each page shows only those on it. */
  page: string;
  /** What the person is editing right now (an allocation's id), for the others to see. */
  editing?: string | null;
  /** Loads what the page shows again. */
  onChange: () => void;
}

export function useLivePlan({ page, editing = null, onChange }: Options): Viewer[] {
  const { user } = useAuth();
  const [viewers, setViewers] = useState<Viewer[]>([]);
  const latest = useRef(onChange);
  const presence = useRef<PresenceBudget<Here> | null>(null);
  const here = useRef<Here>({ name: '', page, editing });
  const name = user ? displayName(user) : '';
  useLayoutEffect(() => {
    latest.current = onChange;
    here.current = { name, page, editing };
  });

  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let channel: RealtimeChannel | undefined;
    let stopped = false;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let subscribedBefore = false;
    const changed = () => {
      clearTimeout(settle);
      settle = setTimeout(() => latest.current(), SETTLE_MS);
    };
    void loadBrowserSupabase().then(async (supabase) => {
      // The session's token authorizes the private topic.
      await supabase.realtime.setAuth();
      if (stopped) return;
      channel = supabase.channel('plan', { config: { private: true, presence: { key: userId } } });
      channel
        .on('broadcast', { event: 'plan_changed' }, changed)
        // Who else is here is not urgent: the page re-renders for it in slices, between which it answers input; and
        // only when someone came, went or moved on, not for each sync (one follows every join and every track).
        .on('presence', { event: 'sync' }, () => {
          const next = othersHere(channel!.presenceState<Here>(), userId);
          startTransition(() => setViewers((shown) => (sameViewers(shown, next) ? shown : next)));
        })
        .subscribe((status) => {
          if (status !== 'SUBSCRIBED') return;
          // A channel joined again starts with no presence: this tab's state is sent to it whatever was sent before.
          presence.current?.stop();
          const joined = channel!;
          presence.current = presenceBudget<Here>((state) => void joined.track(state));
          presence.current.update(here.current);
          // Back after the connection dropped: changes made meanwhile were not heard.
          if (subscribedBefore) changed();
          subscribedBefore = true;
        });
    });
    return () => {
      stopped = true;
      clearTimeout(settle);
      presence.current?.stop();
      presence.current = null;
      if (channel) void loadBrowserSupabase().then((supabase) => supabase.removeChannel(channel!));
    };
  }, [userId]);

  useEffect(() => {
    presence.current?.update({ name, page, editing });
  }, [name, page, editing]);

  return viewers;
}
