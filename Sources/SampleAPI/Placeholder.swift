enum SampleAPIPlaceholder {}
