data 'TEXT' (128) {
  $"4869"
};
