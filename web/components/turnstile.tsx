// Cloudflare Turnstile's widget where the deployment turns it on (GET /api/config names the site key; decision
// 021): the open forms render it and send its token with their request. Without a site key nothing renders and
// nothing is loaded. The script comes from challenges.cloudflare.com, which the CSP allows (schema/page-headers.ts).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { getConfig } from '../api/config';
import { useQuery } from '../data/cache';
import { keys } from '../data/keys';

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      language?: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

let loading: Promise<TurnstileApi> | undefined;

/** Loads Turnstile's script once per page. */
function loadTurnstile(): Promise<TurnstileApi> {
  const present = (window as { turnstile?: TurnstileApi }).turnstile;
  if (present) return Promise.resolve(present);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const turnstile = (window as { turnstile?: TurnstileApi }).turnstile;
      if (turnstile) resolve(turnstile);
      else reject(new Error('Turnstile did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Turnstile did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/** The site key where Turnstile is on; null where it is off (and while unknown, or when the settings fail). */
export function useTurnstileSiteKey(): string | null {
  const config = useQuery(keys.config(), getConfig);
  return config.status === 'ok' ? config.data.turnstileSiteKey : null;
}

export interface Turnstile {
  /** The widget to place in the form (null when Turnstile is off or not asked for). */
  widget: ReactNode;
  /** Whether the form must wait for a token before it sends. */
  required: boolean;
  token: string | null;
  /** A token is good for one request: after each send the widget starts over. */
  reset: () => void;
}

/** Turnstile for one form; `show` false keeps it hidden (the sign-in form shows it only once the server asks). */
export function useTurnstile(show = true): Turnstile {
  const intl = useIntl();
  const siteKey = useTurnstileSiteKey();
  const element = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const on = !!siteKey && show;

  useEffect(() => {
    if (!on || !element.current) return;
    const target = element.current;
    let live = true;
    let api: TurnstileApi | undefined;
    loadTurnstile().then(
      (turnstile) => {
        if (!live) return;
        api = turnstile;
        widgetId.current = turnstile.render(target, {
          sitekey: siteKey,
          language: intl.locale,
          callback: setToken,
          'expired-callback': () => setToken(null),
          'error-callback': () => setToken(null),
        });
      },
      () => setToken(null),
    );
    return () => {
      live = false;
      if (api && widgetId.current) api.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [on, siteKey, intl.locale]);

  const reset = useCallback(() => {
    const turnstile = (window as { turnstile?: TurnstileApi }).turnstile;
    if (turnstile && widgetId.current) turnstile.reset(widgetId.current);
    setToken(null);
  }, []);

  return {
    widget: on ? <div ref={element} className="turnstile" /> : null,
    required: on,
    token,
    reset,
  };
}
