// LanceDB's native library reads its environment (log level, CPU pool size) when it loads: this import comes first.
import '../src/native-env.ts';
import { main } from './cli-main.ts';

const code = await main(process.argv.slice(2));
process.exitCode = code;
// A native call that never returns (an index build its watchdog gave up on) must not keep the process alive.
setTimeout(() => process.exit(code), 2000).unref();
