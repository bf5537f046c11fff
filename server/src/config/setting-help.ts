/** One setting the server reads from its environment, as `--help` lists it. */
export interface SettingHelp {
  /** The environment variable. */
  name: string;
  /** Its command-line flag, for the few settings that have one. */
  flag?: string;
  /** The flag takes no value and sets the variable to `true` (`--dev`). */
  switch?: true;
  /** What applies when it is unset. */
  default: string;
  description: string;
}
