/**
 * GoTrue's redirect rules (utilities.IsRedirectURLValid): a redirect is followed only when it is on
 * the site URL's scheme and host (and port, unless that host is loopback), or when it matches a glob
 * of `additional_redirect_urls`. Anything else is silently replaced by the site URL, never refused.
 * Stricter than GoTrue in one point: a loopback address (localhost, 127.0.0.0/8, ::1) is accepted,
 * on any port and with the site's scheme, only while the site URL is itself on a loopback address,
 * and never because of additional_redirect_urls.
 */

const separators = '[^./]';

/**
 * A glob as GoTrue compiles `additional_redirect_urls` (gobwas/glob with '.' and '/' as separators):
 * `*` any run of characters without a separator, `**` any run, `?` one non-separator character,
 * `[abc]` / `[!abc]` / `[a-z]` classes, `{a,b}` alternatives, `\` escapes. It matches the whole URL.
 */
export function globToRegExp(glob: string): RegExp {
  let position = 0;

  function sequence(inBraces: boolean): string {
    let pattern = '';
    while (position < glob.length) {
      const char = glob[position]!;
      if (inBraces && (char === ',' || char === '}')) return pattern;
      position += 1;
      if (char === '\\' && position < glob.length) pattern += escapeRegExp(glob[position++]!);
      else if (char === '*' && glob[position] === '*') {
        pattern += '.*';
        position += 1;
      } else if (char === '*') pattern += `${separators}*`;
      else if (char === '?') pattern += separators;
      else if (char === '[') pattern += characterClass();
      else if (char === '{') pattern += alternatives();
      else pattern += escapeRegExp(char);
    }
    return pattern;
  }

  function characterClass(): string {
    const end = glob.indexOf(']', position);
    if (end < 0) return '\\[';
    let body = glob.slice(position, end);
    position = end + 1;
    const negated = body.startsWith('!');
    if (negated) body = body.slice(1);
    return `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
  }

  function alternatives(): string {
    const options: string[] = [];
    for (;;) {
      options.push(sequence(true));
      const char = glob[position++];
      if (char === '}') return `(?:${options.join('|')})`;
      if (char !== ',') throw new Error(`Unclosed { in redirect URL pattern ${glob}`);
    }
  }

  return new RegExp(`^${sequence(false)}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.|+()[\]{}*?]/g, '\\$&');
}

/** The host without IPv6 brackets, as Go's URL.Hostname() gives it. */
function hostnameOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

const ipv4 = /^\d+\.\d+\.\d+\.\d+$/;
const regularHostname = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

function isIpAddress(hostname: string): boolean {
  return ipv4.test(hostname) || hostname.includes(':');
}

export function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/** Whether GoTrue (with the loopback rule above) would follow `requested`. */
export function isRedirectAllowed(requested: string, siteUrl: string, allowList: string[]): boolean {
  let target: URL;
  let site: URL;
  try {
    target = new URL(requested);
    site = new URL(siteUrl);
  } catch {
    return false;
  }
  const host = hostnameOf(target);
  const siteHost = hostnameOf(site);
  const siteIsLoopback = isLoopback(siteHost);
  if (isLoopback(host)) return siteIsLoopback && target.protocol === site.protocol;
  if (
    host === siteHost &&
    target.protocol === site.protocol &&
    (target.port === site.port || isLoopback(host))
  ) {
    return true;
  }
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
  if (isIpAddress(host)) return false;
  if (isHttp && !regularHostname.test(host)) return false;
  const withoutFragment = requested.split('#')[0]!;
  return allowList.some((glob) => globToRegExp(glob).test(withoutFragment));
}

/** `requested` when allowed, else the site URL. */
export function allowedRedirect(
  requested: string | undefined,
  options: { siteUrl: string; allowList: string[] },
): string {
  if (requested && isRedirectAllowed(requested, options.siteUrl, options.allowList)) return requested;
  return options.siteUrl;
}
