import {
  formatCents,
  freelancerSkillLabel,
  freelancerSkills,
  type Job,
  JOB_COUNT_CAP,
  JOB_PAGE_SIZE,
  type JobList,
  jobSortKeys,
  jobStatusLabels,
  siteBrand,
} from '@market/shared';
import { html, type Raw } from './html.js';
import { one, pager, publicPage, queryString, select } from './public-page.js';

/** The listing's order choices, as the app words them (apps/web/src/features/jobs/routes/jobs.tsx). */
const sorts = [
  { key: 'newest', label: 'Newest' },
  { key: 'budget_high', label: 'Budget: highest first' },
  { key: 'budget_low', label: 'Budget: lowest first' },
] as const;

/** Budget bounds a visitor can pick without the app, in cents as the address keeps them. */
const BUDGET_STEPS = [100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000].map((d) => d * 100);

/** The listing's parameters, the app's names and rules: unknown values are ignored, bounds in cents. */
export interface JobsPageQuery {
  q?: string;
  skill?: string;
  min_budget?: number;
  max_budget?: number;
  sort: (typeof jobSortKeys)[number];
  page: number;
}

const MAX_PAGE = JOB_COUNT_CAP / JOB_PAGE_SIZE;

export function jobsQueryFrom(query: Record<string, unknown>): JobsPageQuery {
  const num = (name: string) => {
    const text = one(query[name]);
    const value = Number(text);
    return text && Number.isSafeInteger(value) && value >= 0 && value <= 100_000_000_00 ? value : undefined;
  };
  const skill = one(query.skill);
  const sort = one(query.sort);
  let min = num('min_budget');
  let max = num('max_budget');
  // Bounds the wrong way round are read the right way round, not refused.
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const page = num('page');
  return {
    q: one(query.q)?.trim().slice(0, 100) || undefined,
    skill: freelancerSkills.some((s) => s.key === skill) ? skill : undefined,
    min_budget: min,
    max_budget: max,
    sort: (jobSortKeys as readonly string[]).includes(sort ?? '') ? (sort as JobsPageQuery['sort']) : 'newest',
    page: page && page > 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

export function jobsHref(q: JobsPageQuery, page = 1): string {
  return `/jobs${queryString({ q: q.q, skill: q.skill, min_budget: q.min_budget, max_budget: q.max_budget, sort: q.sort === 'newest' ? undefined : q.sort, page: page > 1 ? page : undefined })}`;
}

export function budgetText(job: Pick<Job, 'budget_min_cents' | 'budget_max_cents'>): string {
  return job.budget_min_cents === job.budget_max_cents ? formatCents(job.budget_min_cents) : `${formatCents(job.budget_min_cents)} – ${formatCents(job.budget_max_cents)}`;
}

const applications = (n: number) => (n === 1 ? '1 application' : `${n} applications`);

function budgetOptions(current: number | undefined) {
  const steps = current !== undefined && !BUDGET_STEPS.includes(current) ? [...BUDGET_STEPS, current].sort((a, b) => a - b) : BUDGET_STEPS;
  return steps.map((cents) => ({ key: String(cents), label: formatCents(cents as Parameters<typeof formatCents>[0]) }));
}

function jobCard(job: Job): Raw {
  return html`<li data-testid="job-card"><h2><a href="/jobs/${job.id}">${job.title}</a></h2><p class="strong">${budgetText(job)}</p>
<p class="small">By ${job.founder.name} · deadline ${job.deadline} · ${applications(job.application_count)}${job.domain ? ` · for ${job.domain}` : ''}</p>
<ul class="tags" aria-label="Skills">${job.skills.map((s) => html`<li>${freelancerSkillLabel(s)}</li>`)}</ul></li>`;
}

/** `/jobs`: the open jobs, searched, filtered, sorted and paged by the address, as the app's page. */
export function renderJobsPage(list: JobList, q: JobsPageQuery, options: { canonicalUrl: string; shell: string[] }): string {
  const pages = Math.max(1, Math.ceil(list.count / JOB_PAGE_SIZE));
  const count = list.count === 1 && !list.more ? '1 open job' : `${list.count.toLocaleString('en-US')}${list.more ? '+' : ''} open jobs`;
  const form = html`<form class="filters" role="search" aria-label="Search jobs" method="get" action="/jobs">
<div class="field wide"><label for="f-q">Search</label><input id="f-q" type="search" name="q" value="${q.q ?? ''}" maxlength="100"></div>
${select('skill', 'Skill', freelancerSkills, q.skill, 'Any skill')}
${select('sort', 'Sort', sorts, q.sort)}
${select('min_budget', 'Budget from', budgetOptions(q.min_budget), q.min_budget === undefined ? undefined : String(q.min_budget), 'Any')}
${select('max_budget', 'Budget up to', budgetOptions(q.max_budget), q.max_budget === undefined ? undefined : String(q.max_budget), 'Any')}
<div class="fbtns"><button class="btn" type="submit">Search</button>${q.q || q.skill || q.min_budget !== undefined || q.max_budget !== undefined ? html`<a class="btn text" href="/jobs">Clear filters</a>` : ''}</div></form>`;
  const results =
    list.results.length === 0
      ? html`<div class="card empty" role="status"><p>No open job matches. Clear a filter or search for something else.</p></div>`
      : html`<ul class="items">${list.results.map(jobCard)}</ul>`;
  const main = html`<div class="page" id="jobs">
<div class="head"><div><h1>Jobs</h1><p>Projects founders want built. Freelancers with a published profile apply with a proposal; the founder hires one.</p></div>
<div class="acts"><a class="btn in-only" href="/jobs?view=mine">Posted by you</a><a class="btn alt in-only" href="/jobs?view=applications">Your applications</a><a class="btn" href="/jobs/new">Post a project</a></div></div>
${form}
<p class="count" role="status" data-testid="job-count">${count}</p>
${results}
${pager({ page: Math.min(q.page, pages), pages, href: (p) => jobsHref(q, p), label: 'Pages of jobs' })}
</div>`;
  return publicPage({
    title: `Jobs | ${siteBrand}`,
    description: 'Projects founders want built: landing pages, branding, valuations and more. Apply with a proposal.',
    canonical: options.canonicalUrl,
    main,
    shell: options.shell,
  });
}

/** `/jobs/{id}`: the job as anyone sees it; applying and managing it happen in the app. */
export function renderJobPage(j: Job, options: { canonicalUrl: string; shell: string[] }): string {
  const open = j.status === 'open';
  const main = html`<div class="page" id="job" data-id="${j.id}"><article class="card prose" style="max-width:none">
<div class="head" style="margin:0"><h1>${j.title}</h1><span class="chip${open ? '' : ' off'}" data-testid="job-status">${jobStatusLabels[j.status]}</span></div>
<p class="strong">${budgetText(j)} · deadline ${j.deadline}</p>
<p class="small">Posted by ${j.founder.name}${j.domain && j.domain_id ? html` for <a href="/landing/${j.domain_id}" data-testid="job-domain">${j.domain}</a>` : ''} · ${applications(j.application_count)}</p>
<ul class="tags" aria-label="Skills" style="margin:12px 0">${j.skills.map((s) => html`<li>${freelancerSkillLabel(s)}</li>`)}</ul>
<p class="desc">${j.description}</p>
${open ? html`<p class="note out-only" style="margin-top:24px">Sign in with a published freelancer profile to apply. <a class="btn sm" href="/login?next=${encodeURIComponent(`/jobs/${j.id}`)}">Sign in</a></p>` : ''}
<p style="margin-top:16px"><a href="/jobs">See open jobs</a></p>
</article></div>`;
  return publicPage({
    title: `${j.title} | ${siteBrand}`,
    description: `${j.title}: ${budgetText(j)}, deadline ${j.deadline}. ${j.skills.map(freelancerSkillLabel).join(', ')}.`,
    canonical: options.canonicalUrl,
    main,
    shell: options.shell,
  });
}

/** A job address that names no job: the app's words, a page of the site. */
export function renderJobNotFound(shell: string[]): string {
  const main = html`<div class="page"><section class="card empty"><h1>Job not found</h1><p>This job does not exist, or its owner removed it.</p><p style="margin-top:16px"><a class="btn" href="/jobs">See open jobs</a></p></section></div>`;
  return publicPage({ title: `Job not found | ${siteBrand}`, description: 'This job does not exist.', main, shell });
}
