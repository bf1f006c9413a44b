import {
  apiErrors,
  commissionSplit,
  createDomainListChecker,
  importNamesMessage,
  domainMessages as dm,
  domainReviewNotice,
  isAdminRole,
  leaseMessages,
  leaseMonthlyLine,
  leaseMonthlyOf,
  validateDomainEdit,
  type DomainEditValues,
} from '@market/shared';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { deferCommitFlush, waitForDurable } from '../../db/commit-flush.js';
import { createStatisticsRefresher } from '../../db/statistics.js';
import type { ZoneWriter } from '../../dns/zones.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import { createTimeSlicer, forEachSliced, sortByKeySliced } from '../../lib/time-slice.js';
import type { Principal } from '../auth/index.js';
import { type Notice, writeNotices } from '../notifications/index.js';
import { describeDomain } from './domain-name.js';
import * as repo from './domains.repository.js';
import { type ListedSearch, searchDomains, type SearchCriteria } from '../search/index.js';
import type { DomainWithOwner } from './domains.repository.js';
import { type ImportFile, readImportPieces } from './import-reader.js';

export interface ImportResult {
  created: string[];
  existing_domains: string[];
}

/** How many refused names an import error lists; the count says how many there were. */
const INVALID_LIST_LIMIT = 200;

/** Names checked between two looks at the clock (a few milliseconds of work). */
const SLICE_NAMES = 2_000;

/**
 * Names written per transaction. A SQLite commit (with the FTS5 index's pending terms) runs on
 * this thread, so it is kept small; a PostgreSQL commit runs in the database and waits for its
 * disk, so there are fewer of them.
 */
const WRITE_BATCH = { sqlite: 2_500, postgres: 10_000 } as const;

/**
 * Transactions of one import written at the same time. SQLite has one connection. Each
 * PostgreSQL transaction writes its names in name order, so concurrent imports (and the two
 * writers of one import) lock names in one order and wait for each other rather than deadlock.
 */
const WRITERS = { sqlite: 1, postgres: 2 } as const;

/** The referring site's host, or '' for a direct visit or a link within our own site. */
export function referrerHost(referrer: string, ownHost: string): string {
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host === ownHost ? '' : host.slice(0, 253);
  } catch {
    return '';
  }
}

/** How the service tells sellers about their domains' review; without it (tools, benchmarks) it tells no one. */
export interface DomainNoticeDeps {
  publicUrl: string;
  mailQueued: () => void;
}

/** One notice per seller and review: how many of their domains it approved or declined. */
function reviewNotices(action: 'approve' | 'deny', bySeller: Map<number, repo.SellerReviewed>): Notice[] {
  return [...bySeller].map(([userId, { count, names }]) => ({
    userId,
    leadId: null,
    category: 'domain-review',
    ...domainReviewNotice(action, count, names),
    link: '/portfolio',
    linkLabel: 'Open your portfolio',
  }));
}

export function createDomainsService(db: Db, zones: ZoneWriter, listed?: ListedSearch, notices?: DomainNoticeDeps) {
  const k = db.kysely;
  // Bulk imports and reviews move many rows into a status the planner's picture does not show.
  const statistics = createStatisticsRefresher(db, 'domains', ['status']);

  function canManage(principal: Principal | undefined, domain: DomainWithOwner): boolean {
    return !!principal && (principal.user.id === domain.user_id || isAdminRole(principal.user.role));
  }

  async function getOwned(principal: Principal, id: number): Promise<DomainWithOwner> {
    const domain = await repo.findDomain(k, id);
    if (!domain) throw new AppError('NOT_FOUND', apiErrors.notFound);
    if (domain.user_id !== principal.user.id) throw new AppError('FORBIDDEN', apiErrors.permissionDenied);
    return domain;
  }

  return {
    canManage,

    /**
     * Every name is checked first, and a single invalid one refuses the whole list with nothing
     * written. A large list is read, checked and written a slice at a time, letting other
     * requests run between slices (docs/decisions.md, Large imports).
     */
    async importDomains(principal: Principal, text: string | undefined, file: ImportFile | undefined): Promise<ImportResult> {
      const slicer = createTimeSlicer();
      const pieces = await readImportPieces(text, file, slicer);
      if (pieces.length === 0) throw AppError.fields({ domain_list: [dm.importEmpty] });
      const checker = createDomainListChecker();
      await forEachSliced(pieces, SLICE_NAMES, slicer, (part) => checker.add(part));
      const check = checker.result();
      const now = nowIso();
      const userId = principal.user.id;
      const rows: repo.ImportedDomain[] = [];
      const noSuffix: string[] = [];
      await forEachSliced(check.names, SLICE_NAMES, slicer, (part) => {
        for (const name of part) {
          const parts = describeDomain(name);
          if (parts) rows.push(repo.importedDomain(userId, parts, now));
          else noSuffix.push(name);
        }
      });
      const invalid = [...check.invalid, ...noSuffix];
      if (invalid.length > 0) {
        // Names with a suffix no registry lists are "otherwise invalid".
        const message = importNamesMessage({ ...check, otherwiseInvalid: check.otherwiseInvalid || noSuffix.length > 0 });
        throw new AppError('VALIDATION', message, undefined, {
          invalid: invalid.slice(0, INVALID_LIST_LIMIT),
          invalid_count: invalid.length,
        });
      }
      // In name order the unique and label indexes are written page after page rather than all
      // over (about twice as fast on SQLite), and concurrent imports of overlapping lists lock
      // the names in one order, so on PostgreSQL they wait for each other instead of deadlocking.
      const sorted = await sortByKeySliced(rows, (r) => r.domain_name, slicer);
      // Written in transactions of a few thousand names: between them other requests get the
      // database (SQLite has one connection), and no single commit holds the server up for long.
      // Names already taken, including by an import that committed a moment ago, are skipped by
      // the insert; their owners are read afterwards, so the answer is the same either way.
      // PostgreSQL writes on two connections at once (its row and index writes are the bulk of
      // an import) and its commits do not each wait for the disk: the import waits once, at the
      // end, before it is answered (docs/decisions.md, Large imports).
      const inserted = new Set<string>();
      const batch = WRITE_BATCH[db.dialect];
      const parts: repo.ImportedDomain[][] = [];
      for (let i = 0; i < sorted.length; i += batch) parts.push(sorted.slice(i, i + batch));
      let next = 0;
      const writeParts = async () => {
        while (next < parts.length) {
          const part = parts[next]!;
          next += 1;
          try {
            const done = await k.transaction().execute(async (trx) => {
              await deferCommitFlush(trx, db.dialect);
              return repo.insertDomains(trx, part, db.dialect, () => slicer.pause());
            });
            for (const name of done) inserted.add(name);
          } catch (error) {
            next = parts.length; // the other writer stops too
            throw error;
          }
          await slicer.pause();
        }
      };
      await Promise.all(Array.from({ length: WRITERS[db.dialect] }, writeParts));
      await waitForDurable(db);
      const skipped = inserted.size === check.names.length ? [] : check.names.filter((name) => !inserted.has(name));
      const owners = await repo.findOwnersOf(k, skipped, db.dialect);
      const created: string[] = [];
      const existing: string[] = [];
      const claims: { domain_id: number; user_id: number; created_at: string }[] = [];
      await forEachSliced(check.names, SLICE_NAMES * 10, slicer, (part) => {
        for (const name of part) {
          if (inserted.has(name)) {
            created.push(name);
            continue;
          }
          existing.push(name);
          const owner = owners.get(name);
          if (owner && owner.user_id !== userId) claims.push({ domain_id: owner.id, user_id: userId, created_at: now });
        }
      });
      await repo.insertClaims(k, claims);
      await statistics.wrote(created.length);
      return { created, existing_domains: existing };
    },

    listOwn(principal: Principal, page: number, limit: number) {
      return repo.listOwnDomains(k, principal.user.id, page, limit);
    },

    /** Approved domains are public; the owner and admins also see pending and denied ones. */
    async getVisible(principal: Principal | undefined, id: number): Promise<DomainWithOwner> {
      const domain = await repo.findDomain(k, id);
      if (!domain || (domain.status !== 'approved' && !canManage(principal, domain))) {
        throw new AppError('NOT_FOUND', apiErrors.notFound);
      }
      return domain;
    },

    async update(principal: Principal, id: number, input: Partial<DomainEditValues> & { description?: string | null }) {
      const domain = await getOwned(principal, id);
      const values: DomainEditValues = {
        domain_name: input.domain_name ?? domain.domain_unicode,
        seller_price: input.seller_price ?? domain.seller_price,
        min_offer: input.min_offer ?? domain.min_offer,
        business_status: input.business_status ?? domain.business_status,
        trade_switch: input.trade_switch ?? (domain.trade_switch ? 'Yes' : 'No'),
        trade_option: input.trade_option !== undefined ? input.trade_option : domain.trade_option,
        startup_breeders_switch: input.startup_breeders_switch ?? (domain.startup_breeders_switch ? 'Yes' : 'No'),
        startup_breeders: input.startup_breeders !== undefined ? input.startup_breeders : domain.startup_breeders,
      };
      const { errors, value } = validateDomainEdit(values);
      const name = values.domain_name.trim().toLowerCase();
      if (!errors.domain_name && name !== domain.domain_unicode && name !== domain.domain_name) {
        errors.domain_name = 'The domain name cannot be changed.';
      }
      if (Object.keys(errors).length > 0 || !value) {
        throw AppError.fields(Object.fromEntries(Object.entries(errors).map(([f, msg]) => [f, [msg as string]])));
      }
      await repo.updateDomain(k, id, {
        seller_price: value.seller_price,
        buyer_price: value.seller_price > 0 ? commissionSplit(value.seller_price).buyerTotal : 0,
        min_offer: value.min_offer,
        business_status: value.business_status,
        trade_switch: value.trade_switch === 'Yes' ? 1 : 0,
        trade_option: value.trade_option,
        startup_breeders_switch: value.startup_breeders_switch === 'Yes' ? 1 : 0,
        startup_breeders: value.startup_breeders,
        ...(input.description !== undefined ? { description: input.description?.trim() || null } : {}),
        updated_at: nowIso(),
      });
      return (await repo.findDomain(k, id)) as DomainWithOwner;
    },

    async remove(principal: Principal, id: number): Promise<void> {
      const domain = await getOwned(principal, id);
      // A leased name is the lessee's to use until the lease ends or passes it to them.
      if (domain.sale_status === 'leased') throw new AppError('CONFLICT', leaseMessages.leased);
      await k.transaction().execute(async (trx) => {
        await zones.remove(trx, domain.domain_name);
        await repo.deleteDomain(trx, id);
      });
    },

    async findPublic(id: number): Promise<DomainWithOwner | undefined> {
      const domain = await repo.findDomain(k, id);
      return domain?.status === 'approved' ? domain : undefined;
    },

    /** An approved domain whose nameservers were verified to point at us, by its ASCII name. */
    async findParked(host: string): Promise<DomainWithOwner | undefined> {
      const domain = await repo.findDomainByName(k, host);
      return domain?.status === 'approved' && domain.ns_status === 'verified' ? domain : undefined;
    },

    /**
     * One landing-page view: the visit (per day and referring host) and, for a signed-in
     * viewer other than the owner, their recently viewed list.
     */
    async recordView(principal: Principal | undefined, id: number, referrer: string, ownHost: string): Promise<void> {
      const domain = await repo.findDomain(k, id);
      if (!domain || domain.status !== 'approved') throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (principal?.user.id === domain.user_id) return;
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        await repo.recordVisit(trx, id, now.slice(0, 10), referrerHost(referrer, ownHost));
        if (principal) await repo.recordRecentlyViewed(trx, principal.user.id, id, now);
      });
    },

    async recentlyViewed(principal: Principal, limit: number) {
      return repo.listRecentlyViewed(k, principal.user.id, limit);
    },

    countRecentlyViewed(principal: Principal) {
      return repo.countRecentlyViewed(k, principal.user.id);
    },

    /** Daily visits of the owner's domains for the last `days` days, zero-filled. */
    async traffic(principal: Principal, days: number, domainId?: number) {
      const today = new Date();
      const dayList: string[] = [];
      for (let i = days - 1; i >= 0; i -= 1) dayList.push(new Date(today.getTime() - i * 86_400_000).toISOString().slice(0, 10));
      const since = dayList[0] ?? today.toISOString().slice(0, 10);
      const rows = await repo.dailyVisits(k, principal.user.id, since, domainId);
      const byDomain = new Map<number, { domain_id: number; domain_name: string; visits: Map<string, number> }>();
      for (const r of rows) {
        const entry = byDomain.get(r.domain_id) ?? { domain_id: r.domain_id, domain_name: r.domain_name, visits: new Map() };
        entry.visits.set(r.day, Number(r.visits));
        byDomain.set(r.domain_id, entry);
      }
      const series = [...byDomain.values()].map((s) => ({
        domain_id: s.domain_id,
        domain_name: s.domain_name,
        total: [...s.visits.values()].reduce((a, b) => a + b, 0),
        points: dayList.map((day) => ({ day, visits: s.visits.get(day) ?? 0 })),
      }));
      series.sort((a, b) => b.total - a.total);
      const referrers = (await repo.topReferrers(k, principal.user.id, since, 10)).map((r) => ({
        referrer: r.referrer || 'Direct',
        visits: Number(r.visits),
      }));
      return { days: dayList, series, referrers };
    },

    /**
     * A page of listed domains, and "or $X a month" for those of the page offered on lease: from
     * the in-memory index when it answered (it keeps them by the same change log), else read
     * for the page's ids.
     */
    async search(criteria: SearchCriteria) {
      const result = await searchDomains(db, criteria, listed);
      const leaseLines = new Map<number, string>();
      if (result.fromIndex && listed) {
        for (const row of result.rows) {
          const line = listed.leaseLine(row.id);
          if (line) leaseLines.set(row.id, line);
        }
        return { ...result, leaseLines };
      }
      const ids = result.rows.map((r) => r.id);
      if (ids.length > 0) {
        const offered = await k
          .selectFrom('domains')
          .select(['id', 'business_status', 'seller_price', 'lease_months', 'lease_down_payment_cents', 'lease_rate_bp'])
          .where('id', 'in', ids)
          .where('lease_months', 'is not', null)
          .where('sale_status', '=', 'available')
          .execute();
        for (const d of offered) leaseLines.set(d.id, leaseMonthlyLine(leaseMonthlyOf(d)));
      }
      return { ...result, leaseLines };
    },

    /** Resolves once the in-memory search index (if any) is built. */
    async searchReady(): Promise<void> {
      await listed?.ready();
    },

    listPending(limit: number, afterId: number) {
      return repo.listPendingDomains(k, limit, afterId);
    },

    /**
     * Approve or deny many at once in one transaction; unknown ids are reported, not fatal. Each
     * seller whose domains it changed gets one notice (and e-mail, unless they opted out) saying
     * how many, written in the same transaction.
     */
    async review(reviewer: Principal, ids: number[], action: 'approve' | 'deny'): Promise<{ updated: number }> {
      const status = action === 'approve' ? 'approved' : 'denied';
      const unique = [...new Set(ids)];
      const now = nowIso();
      let told = 0;
      const updated = await k.transaction().execute(async (trx) => {
        if (notices) {
          const sellers = reviewNotices(action, await repo.sellersChangedByReview(trx, unique, status));
          await writeNotices(trx, sellers, { now, publicUrl: notices.publicUrl });
          told = sellers.length;
        }
        const n = await repo.setReview(trx, unique, status, reviewer.user.id, now);
        // Only names whose nameservers point at us have, or now get, a zone.
        for (const id of await repo.nsVerifiedAmong(trx, unique)) await zones.sync(trx, id);
        await writeAudit(trx, {
          actorId: reviewer.user.id,
          action: action === 'approve' ? 'domain-approve' : 'domain-deny',
          targetType: 'domain',
          targetId: unique.length === 1 ? (unique[0] ?? null) : null,
          outcome: 'ok',
          details: { count: n, ids: unique.slice(0, 100) },
        });
        return n;
      });
      if (told > 0) notices?.mailQueued();
      await statistics.wrote(updated);
      return { updated };
    },
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
