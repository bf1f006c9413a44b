import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { freelancerSkillLabel, type Job } from '@market/shared';
import { Link } from 'react-router';
import { budgetText } from '../utils/format';

/** One open job in the listing: title, budget, skills, deadline and how many applied. */
export function JobCard({ job }: { job: Job }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={`/jobs/${job.id}`} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {job.title}
          </Typography>
          <Typography fontWeight={600}>{budgetText(job)}</Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            By {job.founder.name} · deadline {job.deadline} · {job.application_count === 1 ? '1 application' : `${job.application_count} applications`}
            {job.domain ? ` · for ${job.domain}` : ''}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {job.skills.map((s) => (
              <Chip key={s} size="small" label={freelancerSkillLabel(s)} />
            ))}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
