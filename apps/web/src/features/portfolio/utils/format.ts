/** Owner shown as first name and last initial ("Ada L."), never more. */
export function ownerName(user: { first_name: string; last_name: string }): string {
  const initial = user.last_name.trim().slice(0, 1);
  return initial ? `${user.first_name} ${initial}.` : user.first_name;
}
