/**
 * What the mobile pages read from the page's bootstrap: the tenant texts and each themed page's
 * ui_config. The server writes every page's ui_config into the HTML, so a themed page resolves
 * its theme synchronously and its first paint is already the tenant's. Without that script
 * (`vite dev`), the page asks GET /config/ui_config once and shows a spinner meanwhile.
 */
import { normalizeLang, type UiConfigData } from '@tessera/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../core/api.ts';
import { readInlineBootstrap, useBoot } from '../core/bootstrap.ts';
import {
  type ImageTone,
  type MobilePage,
  type MobileTheme,
  type TenantTexts,
  buildMobileTheme,
} from './theme.ts';

let inline: ReturnType<typeof readInlineBootstrap> | undefined;
function inlineBootstrap() {
  if (inline === undefined) inline = readInlineBootstrap();
  return inline;
}

const fetched = new Map<MobilePage, Promise<UiConfigData>>();
function fetchUiConfig(page: MobilePage): Promise<UiConfigData> {
  let pending = fetched.get(page);
  if (!pending) {
    pending = request<UiConfigData>('/config/ui_config', { query: { type: page }, silent: true }).then(
      (res) => (res.ok ? res.data : null),
    );
    fetched.set(page, pending);
  }
  return pending;
}

/** A page's ui_config: `undefined` while it is still on its way (only without the inline script). */
export function useUiConfig(page: MobilePage): UiConfigData | undefined {
  const boot = inlineBootstrap();
  const fromPage = boot ? (boot.uiConfig[page] ?? null) : undefined;
  const [loaded, setLoaded] = useState<{ page: MobilePage; data: UiConfigData } | null>(null);
  useEffect(() => {
    if (fromPage !== undefined) return;
    let live = true;
    void fetchUiConfig(page).then((data) => {
      if (live) setLoaded({ page, data });
    });
    return () => {
      live = false;
    };
  }, [page, fromPage]);
  if (fromPage !== undefined) return fromPage;
  return loaded?.page === page ? loaded.data : undefined;
}

/** The tenant's config and brand with the page language: what every frame shows. */
export function useTenantTexts(): TenantTexts & { loaded: boolean } {
  const { loaded, config, brand } = useBoot();
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language) ?? 'zh';
  return useMemo(
    () => ({ loaded, config, brand, lang, appName: t('app.name') }),
    [loaded, config, brand, lang, t],
  );
}

const tones = new Map<string, ImageTone>();

/** Average lightness of a picture (a 24x24 sample); undefined when it cannot be read. */
function measureTone(url: string): Promise<ImageTone | undefined> {
  return new Promise((resolve) => {
    const img = new Image();
    // Same-origin pictures can be read; others only when their server allows it (CORS).
    if (!url.startsWith('/')) img.crossOrigin = 'anonymous';
    img.onload = () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 24;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) return resolve(undefined);
        ctx.fillStyle = '#808080';
        ctx.fillRect(0, 0, 24, 24);
        ctx.drawImage(img, 0, 0, 24, 24);
        const data = ctx.getImageData(0, 0, 24, 24).data;
        let sum = 0;
        for (let i = 0; i < data.length; i += 4)
          sum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
        resolve(sum / (data.length / 4) / 255 > 0.6 ? 'light' : 'dark');
      } catch {
        resolve(undefined);
      }
    };
    img.onerror = () => resolve(undefined);
    img.src = url;
  });
}

/** The measured tone of a background picture, once known (then cached for the page's life). */
function useImageTone(url: string | undefined): ImageTone | undefined {
  const [, setSeen] = useState(0);
  useEffect(() => {
    if (!url || tones.has(url)) return;
    let live = true;
    void measureTone(url).then((tone) => {
      if (!tone) return;
      tones.set(url, tone);
      if (live) setSeen((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [url]);
  return url ? tones.get(url) : undefined;
}

/**
 * The theme of a mobile page; `template` (the preview's) replaces the tenant's base template and
 * keeps the tenant's option overrides. Null until the tenant data is there.
 */
export function useMobileTheme(page: MobilePage, template?: string): MobileTheme | null {
  const ui = useUiConfig(page);
  const tenant = useTenantTexts();
  const data = useMemo((): UiConfigData | undefined => {
    if (!template || ui === undefined) return ui;
    const options = ui && typeof ui === 'object' ? ui : {};
    return { ...options, template };
  }, [ui, template]);
  const first = useMemo(
    () => (data === undefined || !tenant.loaded ? null : buildMobileTheme(page, data, tenant)),
    [page, data, tenant],
  );
  // Texts on a picture follow its lightness: assumed at first, measured once it has loaded.
  const measured = useImageTone(first?.image?.url);
  return useMemo(
    () =>
      first && measured && first.image && measured !== first.image.tone
        ? buildMobileTheme(page, data, tenant, measured)
        : first,
    [first, measured, page, data, tenant],
  );
}
