enum SiteGeneratorPlaceholder {}
