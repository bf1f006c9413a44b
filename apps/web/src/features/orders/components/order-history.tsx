import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/utils/format';
import type { Order } from '../api/get-orders';

/** Every step the order took, oldest first, as both parties and admins see it. */
export function OrderHistory({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-history">
      <Typography id="order-history" variant="h6" component="h2" sx={{ mt: 3 }}>
        History
      </Typography>
      <List dense>
        {order.events.map((event, i) => (
          <ListItem key={i} disableGutters>
            <ListItemText primary={event.note ? `${event.status_label}: ${event.note}` : event.status_label} secondary={formatDateTime(event.created_at)} />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
