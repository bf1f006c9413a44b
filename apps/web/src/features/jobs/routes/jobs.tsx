import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { asCents, freelancerSkills, JOB_PAGE_SIZE } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { PagedCards } from '@/components/ui/paged-cards';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useQueryParams } from '@/hooks/use-query-params';
import { useAuthSnapshot } from '@/lib/auth-store';
import { type JobListParams, useJobs } from '../api/get-jobs';
import { JobCard } from '../components/job-card';
import { MyApplications } from '../components/my-applications';
import { MyJobs } from '../components/my-jobs';
import { AMOUNT_INVALID, amountFieldText, readCents } from '@/utils/money';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };
const sorts = [
  { key: 'newest', label: 'Newest' },
  { key: 'budget_high', label: 'Budget: highest first' },
  { key: 'budget_low', label: 'Budget: lowest first' },
];

function queryFrom(params: URLSearchParams): JobListParams {
  const num = (name: string) => {
    const value = Number(params.get(name));
    return params.has(name) && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  };
  const page = num('page');
  return {
    q: params.get('q') || undefined,
    skill: freelancerSkills.some((s) => s.key === params.get('skill')) ? (params.get('skill') ?? undefined) : undefined,
    min_budget: num('min_budget'),
    max_budget: num('max_budget'),
    sort: sorts.some((s) => s.key === params.get('sort')) ? (params.get('sort') ?? undefined) : undefined,
    page: page && page > 1 ? page : undefined,
  };
}

/** The signed-in user's views of /jobs, by `?view=`: all open jobs, their own posts, their applications. */
const views = [
  { key: 'all', label: 'All jobs' },
  { key: 'mine', label: 'Posted by you' },
  { key: 'applications', label: 'Your applications' },
] as const;
type View = (typeof views)[number]['key'];
const viewOf = (params: URLSearchParams): View => views.find((v) => v.key === params.get('view'))?.key ?? 'all';

const budgetText = (cents: number | undefined) => (cents === undefined ? '' : amountFieldText(asCents(cents)));

/** The open jobs, searched, filtered, sorted and paged through the address. */
function AllJobs() {
  const [params, change] = useQueryParams();
  const query = useMemo(() => queryFrom(params), [params]);
  const jobs = useJobs(query);
  const [text, setText] = useState(query.q ?? '');
  const [minText, setMinText] = useState(budgetText(query.min_budget));
  const [maxText, setMaxText] = useState(budgetText(query.max_budget));
  // Shown once a search is asked for, not while the amount is being typed.
  const [checked, setChecked] = useState(false);
  const min = readCents(minText);
  const max = readCents(maxText);
  const budgetError = (cents: ReturnType<typeof readCents>) => (checked && cents === 'invalid' ? AMOUNT_INVALID : undefined);
  const applyFilters = () => {
    setChecked(true);
    if (min === 'invalid' || max === 'invalid') return;
    const param = (cents: number | 'empty') => (cents === 'empty' ? undefined : String(cents));
    change({ q: text.trim(), min_budget: param(min), max_budget: param(max) });
  };

  return (
    <>
      <Box
        component="form"
        role="search"
        aria-label="Search jobs"
        onSubmit={(e) => {
          e.preventDefault();
          applyFilters();
        }}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: '2fr 1fr 1fr 1fr 1fr auto' }, mb: 3 }}
      >
        <TextField label="Search" value={text} onChange={(e) => setText(e.target.value)} size="small" />
        <TextField select label="Skill" size="small" value={query.skill ?? ''} onChange={(e) => change({ skill: e.target.value })}>
          <MenuItem value="">Any skill</MenuItem>
          {freelancerSkills.map((s) => (
            <MenuItem key={s.key} value={s.key}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Budget from ($)"
          size="small"
          value={minText}
          onChange={(e) => setMinText(e.target.value)}
          error={Boolean(budgetError(min))}
          helperText={budgetError(min)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label="Budget up to ($)"
          size="small"
          value={maxText}
          onChange={(e) => setMaxText(e.target.value)}
          error={Boolean(budgetError(max))}
          helperText={budgetError(max)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField select label="Sort" size="small" value={query.sort ?? 'newest'} onChange={(e) => change({ sort: e.target.value === 'newest' ? undefined : e.target.value })}>
          {sorts.map((s) => (
            <MenuItem key={s.key} value={s.key}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined">
          Search
        </Button>
      </Box>
      <PagedCards
        query={jobs}
        noun={{ one: 'open job', many: 'open jobs' }}
        countTestId="job-count"
        loadingLabel="Loading jobs"
        loadError="The jobs could not be loaded."
        empty="No open job matches. Clear a filter or search for something else."
        skeletons={{ count: 2, height: 160 }}
        grid={grid}
        pageSize={JOB_PAGE_SIZE}
        page={query.page}
        onPage={(page) => change({ page: page > 1 ? String(page) : undefined })}
        itemKey={(job) => job.id}
        renderItem={(job) => <JobCard job={job} />}
      />
    </>
  );
}

/**
 * /jobs (public): the open jobs. A signed-in user also has tabs, by `?view=`, for the jobs they
 * posted and the ones they applied to.
 */
export default function JobsRoute() {
  usePageMeta({ title: 'Jobs', description: 'Projects founders want built: landing pages, branding, valuations and more. Apply with a proposal.' });
  const { isAuthenticated } = useAuthSnapshot();
  const [params, setParams] = useSearchParams();
  const view = isAuthenticated ? viewOf(params) : 'all';
  return (
    <PageContainer>
      <PageHeading
        title="Jobs"
        subtitle="Projects founders want built. Freelancers with a published profile apply with a proposal; the founder hires one."
        actions={
          <Button variant="contained" href={isAuthenticated ? '/jobs/new' : '/login'}>
            Post a project
          </Button>
        }
      />
      {isAuthenticated ? (
        <>
          <Tabs
            value={view}
            onChange={(_event, next: View) => setParams(next === 'all' ? {} : { view: next })}
            aria-label="Which jobs"
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
          >
            {views.map((v) => (
              <Tab key={v.key} value={v.key} label={v.label} id={`jobs-tab-${v.key}`} aria-controls="jobs-panel" />
            ))}
          </Tabs>
          <Box id="jobs-panel" role="tabpanel" aria-labelledby={`jobs-tab-${view}`}>
            {view === 'mine' ? <MyJobs /> : view === 'applications' ? <MyApplications /> : <AllJobs />}
          </Box>
        </>
      ) : (
        <AllJobs />
      )}
    </PageContainer>
  );
}
