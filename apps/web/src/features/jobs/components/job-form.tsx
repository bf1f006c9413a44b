import { type FormEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { type FreelancerSkill, freelancerSkills, type Job, type JobBody, jobMessages as m } from '@market/shared';
import { useNavigate } from 'react-router';
import { DateField } from '@/components/ui/date-field';
import { MoneyField } from '@/components/ui/money-field';
import { toast } from '@/components/ui/toast';
import { DomainChoiceField, domainChoiceBody, domainChoiceOf } from '@/features/portfolio';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/error-text';
import { useCreateJob } from '../api/create-job';
import { useUpdateJob } from '../api/update-job';
import { AMOUNT_INVALID, amountFieldText, parseCents } from '@/utils/money';

const FIELDS = ['title', 'description', 'domain_id', 'order_id', 'budget_min_cents', 'budget_max_cents', 'skills', 'deadline'];

/**
 * A job's title, description, domain, budget, skills and deadline: posting a new one, or (given `job`)
 * editing an open one. Saved, it opens the job's page.
 */
export function JobForm({ job }: { job?: Job }) {
  const navigate = useNavigate();
  const createJob = useCreateJob();
  const updateJob = useUpdateJob();
  const create = job ? updateJob : createJob;
  const [title, setTitle] = useState(job?.title ?? '');
  const [description, setDescription] = useState(job?.description ?? '');
  const [domain, setDomain] = useState(job ? domainChoiceOf({ domain_id: job.domain_id, order_id: job.viewer?.order_id }) : '');
  const [budgetMin, setBudgetMin] = useState(job ? amountFieldText(job.budget_min_cents) : '');
  const [budgetMax, setBudgetMax] = useState(job && job.budget_max_cents !== job.budget_min_cents ? amountFieldText(job.budget_max_cents) : '');
  const [skills, setSkills] = useState<FreelancerSkill[]>((job?.skills ?? []).filter((s): s is FreelancerSkill => freelancerSkills.some((k) => k.key === s)));
  const [deadline, setDeadline] = useState(job?.deadline ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const serverError = (field: string) => (isApiError(create.error) ? create.error.firstError(field) : undefined);
  const error = (field: string) => errors[field] ?? serverError(field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const min = parseCents(budgetMin);
    // "Up to" is optional: left empty, the budget is fixed, and the field is never in error.
    const rangeless = budgetMax.trim() === '';
    const max = rangeless ? min : parseCents(budgetMax);
    const found: Record<string, string> = {};
    if (title.trim().length < 3) found.title = 'Give the job a title of at least 3 characters.';
    if (description.trim().length < 10) found.description = 'Describe the work in at least 10 characters.';
    if (min === null) found.budget_min_cents = AMOUNT_INVALID;
    if (!rangeless && max === null) found.budget_max_cents = 'Enter an amount in dollars, e.g. 800, or leave it empty for a fixed budget.';
    else if (!rangeless && min !== null && max !== null && max < min) found.budget_max_cents = m.budgetRange;
    if (skills.length === 0) found.skills = 'Choose at least one skill.';
    if (!deadline) found.deadline = 'Choose a deadline.';
    setErrors(found);
    if (Object.keys(found).length > 0 || min === null || max === null) return;
    const body: JobBody = { title: title.trim(), description: description.trim(), ...domainChoiceBody(domain), budget_min_cents: min, budget_max_cents: max, skills, deadline };
    const done = (saved: Job) => void navigate(`/jobs/${saved.id}`);
    if (job) {
      updateJob.mutate({ id: job.id, body }, { onSuccess: (saved) => (toast.success('Job saved', 'Applicants see the new version.'), done(saved)) });
    } else {
      createJob.mutate(body, { onSuccess: (saved) => (toast.success('Job posted', 'Freelancers can now apply; you will be told of each application.'), done(saved)) });
    }
  };
  const failed = create.error;
  const inFields = isApiError(failed) && FIELDS.some((f) => failed.firstError(f));
  const other = failed && !inFields ? (serverMessage(failed) ?? 'Something went wrong. Nothing was posted; please try again.') : null;
  const toggle = (key: FreelancerSkill) => setSkills((list) => (list.includes(key) ? list.filter((s) => s !== key) : [...list, key]));

  return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, maxWidth: 720 }}>
        <form noValidate onSubmit={submit} aria-label={job ? 'Edit the job' : 'Post a project'}>
          {other ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {other}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} error={Boolean(error('title'))} helperText={error('title')} />
            <TextField
              label="What you need built"
              required
              multiline
              minRows={4}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              error={Boolean(error('description'))}
              helperText={error('description')}
            />
            <DomainChoiceField label="For which domain (optional)" value={domain} onChange={setDomain} error={error('domain_id') ?? error('order_id')} savedName={job?.domain} />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <MoneyField label="Budget" required value={budgetMin} onChange={setBudgetMin} error={error('budget_min_cents')} hint="A fixed budget, or the low end of a range." />
              <MoneyField label="Up to (optional)" value={budgetMax} onChange={setBudgetMax} error={error('budget_max_cents')} hint="The high end of a range." />
            </Box>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend" error={Boolean(error('skills'))}>
                Skills needed
              </FormLabel>
              <FormGroup row>
                {freelancerSkills.map((s) => (
                  <FormControlLabel key={s.key} control={<Checkbox checked={skills.includes(s.key)} onChange={() => toggle(s.key)} />} label={s.label} />
                ))}
              </FormGroup>
              {error('skills') ? <FormHelperText error>{error('skills')}</FormHelperText> : null}
            </Box>
            <DateField label="Deadline" required value={deadline} onChange={setDeadline} error={error('deadline')} />
            <Box>
              <Button type="submit" variant="contained" disabled={create.isPending}>
                {create.isPending ? 'Saving…' : job ? 'Save the job' : 'Post the job'}
              </Button>
            </Box>
          </Box>
        </form>
      </Paper>
  );
}
