print("feedsite")
