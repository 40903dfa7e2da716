// A form server/ painted (a salon's login: server/spa/login-page.ts) is never sent by the browser itself,
// which would put its fields in the address: the app sends it, once it has taken the page over.
document.addEventListener(
  'submit',
  (event) => {
    if (event.target instanceof HTMLFormElement && event.target.closest('#root')) event.preventDefault();
  },
  true,
);
