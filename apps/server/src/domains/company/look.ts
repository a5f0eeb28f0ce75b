import { companyPalette } from '@cabdesk/contract/colour';
import type { schemas } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client';
import { handlers } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { companies } from './schema';

type CompanyLook = schemas.CompanyLook;

/** The product's own look, for a company that set none and for an unknown company. */
export const DEFAULT_LOOK = {
  name: 'Cabdesk',
  primaryColor: '#0b7285',
  theme: 'light',
  iconUrl: '/favicon.svg',
} as const;

const lookColumns = {
  id: companies.id,
  shortName: companies.shortName,
  name: companies.name,
  primaryColor: companies.primaryColor,
  theme: companies.theme,
  pageTitle: companies.pageTitle,
  footerText: companies.footerText,
  iconUrl: companies.iconUrl,
  appName: companies.appName,
  logoMain: companies.logoMain,
};
type LookRow = { [K in keyof typeof lookColumns]: (typeof lookColumns)[K]['_']['data'] | null };

export function manifestUrl(shortName: string | null): string {
  return shortName ? `/branding/manifest/${encodeURIComponent(shortName)}.webmanifest` : '/manifest.webmanifest';
}

/** A company's look with the defaults filled in; null (no company) gives the default look. */
export function lookOf(row: LookRow | null): CompanyLook {
  const name = row?.name ?? DEFAULT_LOOK.name;
  return {
    companyID: row?.id ?? 0,
    name,
    primaryColor: row?.primaryColor ?? DEFAULT_LOOK.primaryColor,
    theme: row?.theme === 'dark' ? 'dark' : 'light',
    pageTitle: row?.pageTitle ?? name,
    footer: row?.footerText ?? name,
    iconUrl: row?.iconUrl ?? DEFAULT_LOOK.iconUrl,
    appName: row?.appName ?? `${name} Driver`.slice(0, 40),
    manifestUrl: manifestUrl(row?.shortName ?? null),
  };
}

export async function companyLook(db: Db, companyId: number): Promise<CompanyLook & { logoUrl: string | null }> {
  const [row] = companyId ? await db.select(lookColumns).from(companies).where(eq(companies.id, companyId)) : [];
  return { ...lookOf(row ?? null), logoUrl: row?.logoMain ?? null };
}

export const companyLookHandlers = handlers({
  'Common/GetCompanyLook': async (input, ctx) => {
    const { logoUrl: _logo, ...look } = await companyLook(ctx.db, input.companyID);
    return look;
  },

  'Common/UpdateCompanyLook': async (input, ctx) => {
    const { companyId } = ctx.session;
    const [before] = await ctx.db.select(lookColumns).from(companies).where(eq(companies.id, companyId));
    if (!before) throw notFound(`Company ${companyId}`);
    const changes = {
      ...(input.primaryColor !== undefined ? { primaryColor: input.primaryColor?.toLowerCase() ?? null } : {}),
      ...(input.theme !== undefined ? { theme: input.theme } : {}),
      ...(input.pageTitle !== undefined ? { pageTitle: input.pageTitle || null } : {}),
      ...(input.footer !== undefined ? { footerText: input.footer || null } : {}),
      ...(input.iconUrl !== undefined ? { iconUrl: input.iconUrl } : {}),
      ...(input.appName !== undefined ? { appName: input.appName || null } : {}),
    };
    if (Object.keys(changes).length) {
      await ctx.db
        .update(companies)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
      await recordAudit(ctx, {
        entityType: 'company',
        entityId: companyId,
        action: 'look changed',
        changes: Object.fromEntries(
          Object.entries(changes).map(([key, after]) => [key, { before: before[key as keyof LookRow], after }]),
        ),
      });
    }
    const { logoUrl: _logo, ...look } = await companyLook(ctx.db, companyId);
    return { data: look, message: 'The company look is saved.' };
  },
});

/**
 * The driver app's web manifest per company (`/branding/manifest/<short name>.webmanifest`): the
 * name it installs under, its icon and colours. An unknown short name gets the default look's.
 */
export function installCompanyManifests(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { file: string } }>('/branding/manifest/:file', async (request, reply) => {
    const shortName = decodeURIComponent(request.params.file.replace(/\.webmanifest$/, ''));
    const [row] = await db
      .select(lookColumns)
      .from(companies)
      .where(sql`lower(${companies.shortName}) = lower(${shortName}) and ${companies.isActive}`);
    const look = lookOf(row ?? null);
    const palette = companyPalette(look.primaryColor);
    const icon = look.iconUrl;
    const iconType = icon.endsWith('.svg') ? 'image/svg+xml' : icon.endsWith('.png') ? 'image/png' : undefined;
    const icons = row?.iconUrl
      ? [
          {
            src: icon,
            sizes: iconType === 'image/svg+xml' ? 'any' : '512x512',
            ...(iconType ? { type: iconType } : {}),
          },
        ]
      : [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ];
    return reply
      .type('application/manifest+json')
      .header('cache-control', 'no-cache')
      .send({
        id: row ? `/driver?${row.shortName}` : '/driver',
        name: look.appName,
        short_name: look.appName.length > 12 ? look.name.split(' ')[0]!.slice(0, 12) : look.appName,
        description: 'Jobs, journey, earnings and chat with dispatch for drivers.',
        start_url: row ? `/driver?${row.shortName}` : '/driver',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: look.theme === 'dark' ? '#242424' : '#ffffff',
        theme_color: palette.filled,
        icons,
      });
  });
}
