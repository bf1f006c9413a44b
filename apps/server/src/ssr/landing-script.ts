/**
 * The landing page's own part of the page script (it runs after the frame's, which defines
 * `token`, `root`, `authHeaders` and `signedOut`): counts the view (with the referrer and, for
 * a signed-in viewer, their recently viewed list) and sends actions that need a session to the
 * app's sign-in page first, which comes back to the action. Plain ES2017, no build step.
 */
export const LANDING_SCRIPT = `var landing = document.getElementById('landing');
if (landing) {
  fetch(root + '/api/domains/' + landing.getAttribute('data-id') + '/view/', {
    method: 'POST', headers: authHeaders(), keepalive: true,
    body: JSON.stringify({ referrer: document.referrer || '' })
  }).then(function (res) { if (res.status === 401) signedOut(); }).catch(function () {});
}
var needs = document.querySelectorAll('a[data-needs-session]');
for (var j = 0; j < needs.length; j++) {
  needs[j].addEventListener('click', function (event) {
    if (token) return;
    event.preventDefault();
    var target = this.getAttribute('href').slice(root.length);
    location.href = root + '/login?next=' + encodeURIComponent(target);
  });
}
`;
