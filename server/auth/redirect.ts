function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index]!;
    if (char === '*' && glob[index + 1] === '*') {
      pattern += '.*';
      index += 1;
    } else if (char === '*') pattern += '[^./]*';
    else if (char === '?') pattern += '[^./]';
    else pattern += char.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * GoTrue's redirect check: same scheme, host and port as the site URL (any port on localhost), a
 * loopback address, a glob of `additional_redirect_urls`, or the server's own origin. Anything else
 * is silently replaced by the site URL, never refused.
 */
export function allowedRedirect(
  requested: string | undefined,
  options: { siteUrl: string; allowList: string[]; ownOrigin: string },
): string {
  if (!requested) return options.siteUrl;
  let target: URL;
  try {
    target = new URL(requested);
  } catch {
    return options.siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return options.siteUrl;
  const site = new URL(options.siteUrl);
  const sameSite =
    target.protocol === site.protocol &&
    target.hostname === site.hostname &&
    (target.port === site.port || isLoopback(site.hostname));
  const own = target.origin === new URL(options.ownOrigin).origin;
  if (sameSite || own || isLoopback(target.hostname)) return requested;
  const listed = options.allowList.some(
    (glob) => globToRegExp(glob).test(requested) || globToRegExp(glob).test(target.origin),
  );
  return listed ? requested : options.siteUrl;
}
