// Mantine's PostCSS preset: light/dark mixins and rem/em helpers for the app's CSS modules.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
