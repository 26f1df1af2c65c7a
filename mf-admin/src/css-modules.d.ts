// CSS Modules: each stylesheet import is a map from class name to its scoped name.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
