// Preloaded into a child process: reports its peak resident memory when it exits.
process.on('exit', () => process.stderr.write(`MAX_RSS_KB=${process.resourceUsage().maxRSS}\n`));
