year = int(input())
if year % 4 == 0:
    print("leap")
else:
    print("common")
