/**
 * The `.env` file: read into process.env when it exists, ignored when it does not. A variable
 * already set in the environment keeps its value (Node's own parser leaves it alone), so a
 * deployment's settings win over a file left in the working directory.
 */
export function loadEnvFileIfPresent(file = '.env'): boolean {
  try {
    process.loadEnvFile(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
